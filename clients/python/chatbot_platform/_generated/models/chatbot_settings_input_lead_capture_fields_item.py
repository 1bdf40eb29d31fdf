from enum import StrEnum


class ChatbotSettingsInputLeadCaptureFieldsItem(StrEnum):
    COMPANY = "company"
    EMAIL = "email"
    NAME = "name"
    PHONE = "phone"

    def __str__(self) -> str:
        return str(self.value)
