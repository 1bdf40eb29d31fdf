from enum import StrEnum


class MemberPresenceInputStatus(StrEnum):
    AVAILABLE = "available"
    AWAY = "away"

    def __str__(self) -> str:
        return str(self.value)
