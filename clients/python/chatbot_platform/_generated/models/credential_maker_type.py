from enum import StrEnum


class CredentialMakerType(StrEnum):
    MEMBER = "member"
    OPERATOR = "operator"
    UNKNOWN_MEMBER = "unknown_member"

    def __str__(self) -> str:
        return str(self.value)
