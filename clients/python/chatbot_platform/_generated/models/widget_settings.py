from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_settings_launcher_icon import WidgetSettingsLauncherIcon
from ..models.widget_settings_position import WidgetSettingsPosition
from ..models.widget_settings_theme import WidgetSettingsTheme

if TYPE_CHECKING:
    from ..models.widget_privacy_settings import WidgetPrivacySettings
    from ..models.widget_rating_settings import WidgetRatingSettings
    from ..models.widget_settings_display_rules import WidgetSettingsDisplayRules
    from ..models.widget_settings_lead_form import WidgetSettingsLeadForm
    from ..models.widget_settings_translations import WidgetSettingsTranslations


T = TypeVar("T", bound="WidgetSettings")


@_attrs_define
class WidgetSettings:
    """
    Attributes:
        chatbot_id (str):
        primary_color (str):
        background_color (str):
        text_color (str):
        position (WidgetSettingsPosition):
        offset_x (int):
        offset_y (int):
        avatar_url (None | str):
        theme (WidgetSettingsTheme):
        launcher_icon (WidgetSettingsLauncherIcon):
        launcher_image_url (None | str):
        title (None | str):
        subtitle (None | str):
        launcher_text (str):
        input_placeholder (str):
        welcome_message (None | str):
        suggested_messages (list[str]):
        translations (WidgetSettingsTranslations):
        display_rules (WidgetSettingsDisplayRules):
        lead_form (WidgetSettingsLeadForm):
        rating (WidgetRatingSettings):
        sound (bool):
        privacy (WidgetPrivacySettings):
        attachments (bool):
        identity_verification (bool):
        allowed_origins (list[str]):
        ignored_origins (list[str]): Entries of `allowed_origins` saved before wildcards over a public suffix were
            refused (`https://*.com`): they match no site. Remove them
        embed_code (str): The script tag to paste into a page
        identity_secret_created_at (datetime.datetime | None): When the identity secret was made (POST
            …/widget/identity-secret); null while there is none. The secret is shown once
        updated_at (datetime.datetime | None):
    """

    chatbot_id: str
    primary_color: str
    background_color: str
    text_color: str
    position: WidgetSettingsPosition
    offset_x: int
    offset_y: int
    avatar_url: None | str
    theme: WidgetSettingsTheme
    launcher_icon: WidgetSettingsLauncherIcon
    launcher_image_url: None | str
    title: None | str
    subtitle: None | str
    launcher_text: str
    input_placeholder: str
    welcome_message: None | str
    suggested_messages: list[str]
    translations: WidgetSettingsTranslations
    display_rules: WidgetSettingsDisplayRules
    lead_form: WidgetSettingsLeadForm
    rating: WidgetRatingSettings
    sound: bool
    privacy: WidgetPrivacySettings
    attachments: bool
    identity_verification: bool
    allowed_origins: list[str]
    ignored_origins: list[str]
    embed_code: str
    identity_secret_created_at: datetime.datetime | None
    updated_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        chatbot_id = self.chatbot_id

        primary_color = self.primary_color

        background_color = self.background_color

        text_color = self.text_color

        position = self.position.value

        offset_x = self.offset_x

        offset_y = self.offset_y

        avatar_url: None | str
        avatar_url = self.avatar_url

        theme = self.theme.value

        launcher_icon = self.launcher_icon.value

        launcher_image_url: None | str
        launcher_image_url = self.launcher_image_url

        title: None | str
        title = self.title

        subtitle: None | str
        subtitle = self.subtitle

        launcher_text = self.launcher_text

        input_placeholder = self.input_placeholder

        welcome_message: None | str
        welcome_message = self.welcome_message

        suggested_messages = self.suggested_messages

        translations = self.translations.to_dict()

        display_rules = self.display_rules.to_dict()

        lead_form = self.lead_form.to_dict()

        rating = self.rating.to_dict()

        sound = self.sound

        privacy = self.privacy.to_dict()

        attachments = self.attachments

        identity_verification = self.identity_verification

        allowed_origins = self.allowed_origins

        ignored_origins = self.ignored_origins

        embed_code = self.embed_code

        identity_secret_created_at: None | str
        if isinstance(self.identity_secret_created_at, datetime.datetime):
            identity_secret_created_at = self.identity_secret_created_at.isoformat()
        else:
            identity_secret_created_at = self.identity_secret_created_at

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chatbot_id": chatbot_id,
                "primary_color": primary_color,
                "background_color": background_color,
                "text_color": text_color,
                "position": position,
                "offset_x": offset_x,
                "offset_y": offset_y,
                "avatar_url": avatar_url,
                "theme": theme,
                "launcher_icon": launcher_icon,
                "launcher_image_url": launcher_image_url,
                "title": title,
                "subtitle": subtitle,
                "launcher_text": launcher_text,
                "input_placeholder": input_placeholder,
                "welcome_message": welcome_message,
                "suggested_messages": suggested_messages,
                "translations": translations,
                "display_rules": display_rules,
                "lead_form": lead_form,
                "rating": rating,
                "sound": sound,
                "privacy": privacy,
                "attachments": attachments,
                "identity_verification": identity_verification,
                "allowed_origins": allowed_origins,
                "ignored_origins": ignored_origins,
                "embed_code": embed_code,
                "identity_secret_created_at": identity_secret_created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_privacy_settings import WidgetPrivacySettings
        from ..models.widget_rating_settings import WidgetRatingSettings
        from ..models.widget_settings_display_rules import WidgetSettingsDisplayRules
        from ..models.widget_settings_lead_form import WidgetSettingsLeadForm
        from ..models.widget_settings_translations import WidgetSettingsTranslations

        d = dict(src_dict)
        chatbot_id = d.pop("chatbot_id")

        primary_color = d.pop("primary_color")

        background_color = d.pop("background_color")

        text_color = d.pop("text_color")

        position = WidgetSettingsPosition(d.pop("position"))

        offset_x = d.pop("offset_x")

        offset_y = d.pop("offset_y")

        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url"))

        theme = WidgetSettingsTheme(d.pop("theme"))

        launcher_icon = WidgetSettingsLauncherIcon(d.pop("launcher_icon"))

        def _parse_launcher_image_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        launcher_image_url = _parse_launcher_image_url(d.pop("launcher_image_url"))

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        def _parse_subtitle(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        subtitle = _parse_subtitle(d.pop("subtitle"))

        launcher_text = d.pop("launcher_text")

        input_placeholder = d.pop("input_placeholder")

        def _parse_welcome_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        welcome_message = _parse_welcome_message(d.pop("welcome_message"))

        suggested_messages = cast(list[str], d.pop("suggested_messages"))

        translations = WidgetSettingsTranslations.from_dict(d.pop("translations"))

        display_rules = WidgetSettingsDisplayRules.from_dict(d.pop("display_rules"))

        lead_form = WidgetSettingsLeadForm.from_dict(d.pop("lead_form"))

        rating = WidgetRatingSettings.from_dict(d.pop("rating"))

        sound = d.pop("sound")

        privacy = WidgetPrivacySettings.from_dict(d.pop("privacy"))

        attachments = d.pop("attachments")

        identity_verification = d.pop("identity_verification")

        allowed_origins = cast(list[str], d.pop("allowed_origins"))

        ignored_origins = cast(list[str], d.pop("ignored_origins"))

        embed_code = d.pop("embed_code")

        def _parse_identity_secret_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                identity_secret_created_at_type_0 = datetime.datetime.fromisoformat(
                    data
                )

                return identity_secret_created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        identity_secret_created_at = _parse_identity_secret_created_at(
            d.pop("identity_secret_created_at")
        )

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        widget_settings = cls(
            chatbot_id=chatbot_id,
            primary_color=primary_color,
            background_color=background_color,
            text_color=text_color,
            position=position,
            offset_x=offset_x,
            offset_y=offset_y,
            avatar_url=avatar_url,
            theme=theme,
            launcher_icon=launcher_icon,
            launcher_image_url=launcher_image_url,
            title=title,
            subtitle=subtitle,
            launcher_text=launcher_text,
            input_placeholder=input_placeholder,
            welcome_message=welcome_message,
            suggested_messages=suggested_messages,
            translations=translations,
            display_rules=display_rules,
            lead_form=lead_form,
            rating=rating,
            sound=sound,
            privacy=privacy,
            attachments=attachments,
            identity_verification=identity_verification,
            allowed_origins=allowed_origins,
            ignored_origins=ignored_origins,
            embed_code=embed_code,
            identity_secret_created_at=identity_secret_created_at,
            updated_at=updated_at,
        )

        return widget_settings
