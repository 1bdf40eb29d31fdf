from enum import StrEnum


class GetAnalyticsTimeseriesMetric(StrEnum):
    CONVERSATIONS = "conversations"
    CSAT_AVERAGE = "csat_average"
    CSAT_RESPONSES = "csat_responses"
    FALLBACK_RATE = "fallback_rate"
    FEEDBACK_DOWN = "feedback_down"
    FEEDBACK_UP = "feedback_up"
    LEADS = "leads"
    MESSAGES = "messages"
    RESOLUTION_RATE = "resolution_rate"
    RESPONSE_TIME_P50 = "response_time_p50"
    RESPONSE_TIME_P95 = "response_time_p95"

    def __str__(self) -> str:
        return str(self.value)
