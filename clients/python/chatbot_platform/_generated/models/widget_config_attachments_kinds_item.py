from enum import StrEnum


class WidgetConfigAttachmentsKindsItem(StrEnum):
    IMAGE = "image"
    PDF = "pdf"

    def __str__(self) -> str:
        return str(self.value)
