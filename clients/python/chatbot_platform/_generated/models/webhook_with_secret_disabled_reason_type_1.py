from enum import StrEnum


class WebhookWithSecretDisabledReasonType1(StrEnum):
    API = "api"
    FAILING = "failing"
    GONE = "gone"

    def __str__(self) -> str:
        return str(self.value)
