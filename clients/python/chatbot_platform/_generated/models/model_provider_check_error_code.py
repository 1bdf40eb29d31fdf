from enum import StrEnum


class ModelProviderCheckErrorCode(StrEnum):
    PROVIDER_BAD_RESPONSE = "provider_bad_response"
    PROVIDER_ERROR = "provider_error"
    PROVIDER_TIMEOUT = "provider_timeout"
    PROVIDER_UNAVAILABLE = "provider_unavailable"

    def __str__(self) -> str:
        return str(self.value)
