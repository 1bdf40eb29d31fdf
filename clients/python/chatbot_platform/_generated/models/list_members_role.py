from enum import StrEnum


class ListMembersRole(StrEnum):
    ADMIN = "admin"
    AGENT = "agent"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
