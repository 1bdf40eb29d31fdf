from enum import StrEnum


class BehaviourRuleActionType(StrEnum):
    HANDOFF = "handoff"
    LEAD_REQUEST = "lead_request"
    REPLY = "reply"

    def __str__(self) -> str:
        return str(self.value)
