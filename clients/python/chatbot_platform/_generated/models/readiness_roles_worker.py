from enum import StrEnum


class ReadinessRolesWorker(StrEnum):
    DEGRADED = "degraded"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
