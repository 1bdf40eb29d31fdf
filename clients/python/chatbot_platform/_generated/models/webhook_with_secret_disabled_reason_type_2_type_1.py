from enum import StrEnum


class WebhookWithSecretDisabledReasonType2Type1(StrEnum):
    API = "api"
    FAILING = "failing"
    GONE = "gone"

    def __str__(self) -> str:
        return str(self.value)
