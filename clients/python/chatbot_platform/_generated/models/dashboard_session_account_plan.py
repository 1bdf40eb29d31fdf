from enum import StrEnum


class DashboardSessionAccountPlan(StrEnum):
    ENTERPRISE = "enterprise"
    FREE = "free"
    PROFESSIONAL = "professional"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
