from enum import StrEnum


class OAuthClientScopesItem(StrEnum):
    ANALYTICSREAD = "analytics:read"
    CHATBOTSREAD = "chatbots:read"
    CHATBOTSWRITE = "chatbots:write"
    CONVERSATIONSREAD = "conversations:read"
    CONVERSATIONSWRITE = "conversations:write"
    KNOWLEDGEREAD = "knowledge:read"
    KNOWLEDGEWRITE = "knowledge:write"
    LEADSREAD = "leads:read"
    LEADSWRITE = "leads:write"
    MODEL_PROVIDERSREAD = "model_providers:read"
    MODEL_PROVIDERSWRITE = "model_providers:write"
    WEBHOOKSREAD = "webhooks:read"
    WEBHOOKSWRITE = "webhooks:write"

    def __str__(self) -> str:
        return str(self.value)
