from enum import StrEnum


class KnowledgeItemInputDocumentMimeType(StrEnum):
    APPLICATIONPDF = "application/pdf"
    APPLICATIONVND_OPENXMLFORMATS_OFFICEDOCUMENT_WORDPROCESSINGML_DOCUMENT = (
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    )

    def __str__(self) -> str:
        return str(self.value)
