from enum import StrEnum


class WebhookPatchEventsItem(StrEnum):
    CHATBOT_CREATED = "chatbot.created"
    CHATBOT_DELETED = "chatbot.deleted"
    CHATBOT_ERROR = "chatbot.error"
    CHATBOT_UPDATED = "chatbot.updated"
    CONVERSATION_ASSIGNED = "conversation.assigned"
    CONVERSATION_DELETION_REQUESTED = "conversation.deletion_requested"
    CONVERSATION_ENDED = "conversation.ended"
    CONVERSATION_HANDOFF = "conversation.handoff"
    CONVERSATION_RATED = "conversation.rated"
    CONVERSATION_STARTED = "conversation.started"
    KNOWLEDGE_FAILED = "knowledge.failed"
    KNOWLEDGE_READY = "knowledge.ready"
    LEAD_CAPTURED = "lead.captured"
    LEAD_UPDATED = "lead.updated"
    MESSAGE_CREATED = "message.created"
    MESSAGE_RATED = "message.rated"
    VALUE_0 = "*"
    WEBHOOK_DISABLED = "webhook.disabled"
    WEBHOOK_TEST = "webhook.test"

    def __str__(self) -> str:
        return str(self.value)
