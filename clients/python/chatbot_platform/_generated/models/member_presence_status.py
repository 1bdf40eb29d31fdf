from enum import StrEnum


class MemberPresenceStatus(StrEnum):
    AVAILABLE = "available"
    AWAY = "away"

    def __str__(self) -> str:
        return str(self.value)
