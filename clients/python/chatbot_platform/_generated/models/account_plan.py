from enum import StrEnum


class AccountPlan(StrEnum):
    ENTERPRISE = "enterprise"
    FREE = "free"
    PROFESSIONAL = "professional"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
