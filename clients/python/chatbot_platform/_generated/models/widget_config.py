from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_config_status import WidgetConfigStatus

if TYPE_CHECKING:
    from ..models.widget_appearance import WidgetAppearance
    from ..models.widget_config_attachments import WidgetConfigAttachments
    from ..models.widget_config_display_rules import WidgetConfigDisplayRules
    from ..models.widget_config_lead_form import WidgetConfigLeadForm
    from ..models.widget_config_strings import WidgetConfigStrings
    from ..models.widget_config_translations import WidgetConfigTranslations
    from ..models.widget_privacy_settings import WidgetPrivacySettings
    from ..models.widget_rating_settings import WidgetRatingSettings


T = TypeVar("T", bound="WidgetConfig")


@_attrs_define
class WidgetConfig:
    """
    Attributes:
        chatbot_id (str):
        name (str):
        language (str):
        status (WidgetConfigStatus):
        appearance (WidgetAppearance):
        strings (WidgetConfigStrings):
        translations (WidgetConfigTranslations):
        display_rules (WidgetConfigDisplayRules):
        lead_form (WidgetConfigLeadForm):
        rating (WidgetRatingSettings):
        show_sources (bool):
        sound (bool): A short tone when a reply or a proactive message arrives while the panel is closed
        privacy (WidgetPrivacySettings):
        attachments (None | WidgetConfigAttachments): What a visitor may send (`POST …/attachments`): the kinds and the
            largest file; null when the widget takes no files
    """

    chatbot_id: str
    name: str
    language: str
    status: WidgetConfigStatus
    appearance: WidgetAppearance
    strings: WidgetConfigStrings
    translations: WidgetConfigTranslations
    display_rules: WidgetConfigDisplayRules
    lead_form: WidgetConfigLeadForm
    rating: WidgetRatingSettings
    show_sources: bool
    sound: bool
    privacy: WidgetPrivacySettings
    attachments: None | WidgetConfigAttachments

    def to_dict(self) -> dict[str, Any]:
        from ..models.widget_config_attachments import WidgetConfigAttachments

        chatbot_id = self.chatbot_id

        name = self.name

        language = self.language

        status = self.status.value

        appearance = self.appearance.to_dict()

        strings = self.strings.to_dict()

        translations = self.translations.to_dict()

        display_rules = self.display_rules.to_dict()

        lead_form = self.lead_form.to_dict()

        rating = self.rating.to_dict()

        show_sources = self.show_sources

        sound = self.sound

        privacy = self.privacy.to_dict()

        attachments: dict[str, Any] | None
        if isinstance(self.attachments, WidgetConfigAttachments):
            attachments = self.attachments.to_dict()
        else:
            attachments = self.attachments

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chatbot_id": chatbot_id,
                "name": name,
                "language": language,
                "status": status,
                "appearance": appearance,
                "strings": strings,
                "translations": translations,
                "display_rules": display_rules,
                "lead_form": lead_form,
                "rating": rating,
                "show_sources": show_sources,
                "sound": sound,
                "privacy": privacy,
                "attachments": attachments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_appearance import WidgetAppearance
        from ..models.widget_config_attachments import WidgetConfigAttachments
        from ..models.widget_config_display_rules import WidgetConfigDisplayRules
        from ..models.widget_config_lead_form import WidgetConfigLeadForm
        from ..models.widget_config_strings import WidgetConfigStrings
        from ..models.widget_config_translations import WidgetConfigTranslations
        from ..models.widget_privacy_settings import WidgetPrivacySettings
        from ..models.widget_rating_settings import WidgetRatingSettings

        d = dict(src_dict)
        chatbot_id = d.pop("chatbot_id")

        name = d.pop("name")

        language = d.pop("language")

        status = WidgetConfigStatus(d.pop("status"))

        appearance = WidgetAppearance.from_dict(d.pop("appearance"))

        strings = WidgetConfigStrings.from_dict(d.pop("strings"))

        translations = WidgetConfigTranslations.from_dict(d.pop("translations"))

        display_rules = WidgetConfigDisplayRules.from_dict(d.pop("display_rules"))

        lead_form = WidgetConfigLeadForm.from_dict(d.pop("lead_form"))

        rating = WidgetRatingSettings.from_dict(d.pop("rating"))

        show_sources = d.pop("show_sources")

        sound = d.pop("sound")

        privacy = WidgetPrivacySettings.from_dict(d.pop("privacy"))

        def _parse_attachments(data: object) -> None | WidgetConfigAttachments:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attachments_type_0 = WidgetConfigAttachments.from_dict(data)

                return attachments_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WidgetConfigAttachments, data)

        attachments = _parse_attachments(d.pop("attachments"))

        widget_config = cls(
            chatbot_id=chatbot_id,
            name=name,
            language=language,
            status=status,
            appearance=appearance,
            strings=strings,
            translations=translations,
            display_rules=display_rules,
            lead_form=lead_form,
            rating=rating,
            show_sources=show_sources,
            sound=sound,
            privacy=privacy,
            attachments=attachments,
        )

        return widget_config
