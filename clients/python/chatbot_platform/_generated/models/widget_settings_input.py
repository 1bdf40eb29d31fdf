from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_settings_input_launcher_icon import WidgetSettingsInputLauncherIcon
from ..models.widget_settings_input_position import WidgetSettingsInputPosition
from ..models.widget_settings_input_theme import WidgetSettingsInputTheme
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.widget_display_rules import WidgetDisplayRules
    from ..models.widget_lead_form import WidgetLeadForm
    from ..models.widget_privacy import WidgetPrivacy
    from ..models.widget_rating import WidgetRating
    from ..models.widget_settings_input_translations import (
        WidgetSettingsInputTranslations,
    )


T = TypeVar("T", bound="WidgetSettingsInput")


@_attrs_define
class WidgetSettingsInput:
    """
    Attributes:
        primary_color (str | Unset):  Default: '#4f46e5'.
        background_color (str | Unset):  Default: '#ffffff'.
        text_color (str | Unset):  Default: '#111827'.
        position (WidgetSettingsInputPosition | Unset):  Default: WidgetSettingsInputPosition.BOTTOM_RIGHT.
        offset_x (int | Unset): Pixels from the side of the page Default: 20.
        offset_y (int | Unset): Pixels from the bottom of the page Default: 20.
        avatar_url (None | str | Unset):
        theme (WidgetSettingsInputTheme | Unset): `dark` draws the panel on a dark background with light text (the
            primary colour stays); `auto` follows the visitor’s system Default: WidgetSettingsInputTheme.LIGHT.
        launcher_icon (WidgetSettingsInputLauncherIcon | Unset):  Default: WidgetSettingsInputLauncherIcon.CHAT.
        launcher_image_url (None | str | Unset): An image shown on the launcher instead of its icon (decorative: the
            launcher’s name is `launcher_text`)
        title (None | str | Unset): Default: the chatbot’s name
        subtitle (None | str | Unset):
        launcher_text (str | Unset): Also the launcher button’s accessible name Default: 'Chat with us'.
        input_placeholder (str | Unset): Also the message box’s accessible name Default: 'Type your message…'.
        welcome_message (None | str | Unset): Default: the chatbot’s welcome message
        suggested_messages (list[str] | Unset):
        translations (WidgetSettingsInputTranslations | Unset): The same strings per language (ISO 639-1); the widget
            picks the visitor’s browser language
        display_rules (WidgetDisplayRules | Unset):
        lead_form (WidgetLeadForm | Unset):
        rating (WidgetRating | Unset):
        sound (bool | Unset): A short tone when a reply or a proactive message arrives while the panel is closed
            (browsers allow sound only after the visitor has interacted with the page) Default: False.
        privacy (WidgetPrivacy | Unset):
        attachments (bool | Unset): Visitors may send images and PDFs (the kinds and the size the account’s plan
            allows); agents always may in a handed-off conversation Default: True.
        identity_verification (bool | Unset): Refuse visitors the site names without proving it:
            `ChatbotWidget.identify()` must send `user_hash` (HMAC-SHA256 of `user_id` under the identity secret). Needs an
            identity secret (POST …/widget/identity-secret) Default: False.
        allowed_origins (list[str] | Unset): Empty: any site may embed the widget
    """

    primary_color: str | Unset = "#4f46e5"
    background_color: str | Unset = "#ffffff"
    text_color: str | Unset = "#111827"
    position: WidgetSettingsInputPosition | Unset = (
        WidgetSettingsInputPosition.BOTTOM_RIGHT
    )
    offset_x: int | Unset = 20
    offset_y: int | Unset = 20
    avatar_url: None | str | Unset = UNSET
    theme: WidgetSettingsInputTheme | Unset = WidgetSettingsInputTheme.LIGHT
    launcher_icon: WidgetSettingsInputLauncherIcon | Unset = (
        WidgetSettingsInputLauncherIcon.CHAT
    )
    launcher_image_url: None | str | Unset = UNSET
    title: None | str | Unset = UNSET
    subtitle: None | str | Unset = UNSET
    launcher_text: str | Unset = "Chat with us"
    input_placeholder: str | Unset = "Type your message…"
    welcome_message: None | str | Unset = UNSET
    suggested_messages: list[str] | Unset = UNSET
    translations: WidgetSettingsInputTranslations | Unset = UNSET
    display_rules: WidgetDisplayRules | Unset = UNSET
    lead_form: WidgetLeadForm | Unset = UNSET
    rating: WidgetRating | Unset = UNSET
    sound: bool | Unset = False
    privacy: WidgetPrivacy | Unset = UNSET
    attachments: bool | Unset = True
    identity_verification: bool | Unset = False
    allowed_origins: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        primary_color = self.primary_color

        background_color = self.background_color

        text_color = self.text_color

        position: str | Unset = UNSET
        if not isinstance(self.position, Unset):
            position = self.position.value

        offset_x = self.offset_x

        offset_y = self.offset_y

        avatar_url: None | str | Unset
        if isinstance(self.avatar_url, Unset):
            avatar_url = UNSET
        else:
            avatar_url = self.avatar_url

        theme: str | Unset = UNSET
        if not isinstance(self.theme, Unset):
            theme = self.theme.value

        launcher_icon: str | Unset = UNSET
        if not isinstance(self.launcher_icon, Unset):
            launcher_icon = self.launcher_icon.value

        launcher_image_url: None | str | Unset
        if isinstance(self.launcher_image_url, Unset):
            launcher_image_url = UNSET
        else:
            launcher_image_url = self.launcher_image_url

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        subtitle: None | str | Unset
        if isinstance(self.subtitle, Unset):
            subtitle = UNSET
        else:
            subtitle = self.subtitle

        launcher_text = self.launcher_text

        input_placeholder = self.input_placeholder

        welcome_message: None | str | Unset
        if isinstance(self.welcome_message, Unset):
            welcome_message = UNSET
        else:
            welcome_message = self.welcome_message

        suggested_messages: list[str] | Unset = UNSET
        if not isinstance(self.suggested_messages, Unset):
            suggested_messages = self.suggested_messages

        translations: dict[str, Any] | Unset = UNSET
        if not isinstance(self.translations, Unset):
            translations = self.translations.to_dict()

        display_rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.display_rules, Unset):
            display_rules = self.display_rules.to_dict()

        lead_form: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lead_form, Unset):
            lead_form = self.lead_form.to_dict()

        rating: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rating, Unset):
            rating = self.rating.to_dict()

        sound = self.sound

        privacy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.privacy, Unset):
            privacy = self.privacy.to_dict()

        attachments = self.attachments

        identity_verification = self.identity_verification

        allowed_origins: list[str] | Unset = UNSET
        if not isinstance(self.allowed_origins, Unset):
            allowed_origins = self.allowed_origins

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if primary_color is not UNSET:
            field_dict["primary_color"] = primary_color
        if background_color is not UNSET:
            field_dict["background_color"] = background_color
        if text_color is not UNSET:
            field_dict["text_color"] = text_color
        if position is not UNSET:
            field_dict["position"] = position
        if offset_x is not UNSET:
            field_dict["offset_x"] = offset_x
        if offset_y is not UNSET:
            field_dict["offset_y"] = offset_y
        if avatar_url is not UNSET:
            field_dict["avatar_url"] = avatar_url
        if theme is not UNSET:
            field_dict["theme"] = theme
        if launcher_icon is not UNSET:
            field_dict["launcher_icon"] = launcher_icon
        if launcher_image_url is not UNSET:
            field_dict["launcher_image_url"] = launcher_image_url
        if title is not UNSET:
            field_dict["title"] = title
        if subtitle is not UNSET:
            field_dict["subtitle"] = subtitle
        if launcher_text is not UNSET:
            field_dict["launcher_text"] = launcher_text
        if input_placeholder is not UNSET:
            field_dict["input_placeholder"] = input_placeholder
        if welcome_message is not UNSET:
            field_dict["welcome_message"] = welcome_message
        if suggested_messages is not UNSET:
            field_dict["suggested_messages"] = suggested_messages
        if translations is not UNSET:
            field_dict["translations"] = translations
        if display_rules is not UNSET:
            field_dict["display_rules"] = display_rules
        if lead_form is not UNSET:
            field_dict["lead_form"] = lead_form
        if rating is not UNSET:
            field_dict["rating"] = rating
        if sound is not UNSET:
            field_dict["sound"] = sound
        if privacy is not UNSET:
            field_dict["privacy"] = privacy
        if attachments is not UNSET:
            field_dict["attachments"] = attachments
        if identity_verification is not UNSET:
            field_dict["identity_verification"] = identity_verification
        if allowed_origins is not UNSET:
            field_dict["allowed_origins"] = allowed_origins

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_display_rules import WidgetDisplayRules
        from ..models.widget_lead_form import WidgetLeadForm
        from ..models.widget_privacy import WidgetPrivacy
        from ..models.widget_rating import WidgetRating
        from ..models.widget_settings_input_translations import (
            WidgetSettingsInputTranslations,
        )

        d = dict(src_dict)
        primary_color = d.pop("primary_color", UNSET)

        background_color = d.pop("background_color", UNSET)

        text_color = d.pop("text_color", UNSET)

        _position = d.pop("position", UNSET)
        position: WidgetSettingsInputPosition | Unset
        if isinstance(_position, Unset):
            position = UNSET
        else:
            position = WidgetSettingsInputPosition(_position)

        offset_x = d.pop("offset_x", UNSET)

        offset_y = d.pop("offset_y", UNSET)

        def _parse_avatar_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url", UNSET))

        _theme = d.pop("theme", UNSET)
        theme: WidgetSettingsInputTheme | Unset
        if isinstance(_theme, Unset):
            theme = UNSET
        else:
            theme = WidgetSettingsInputTheme(_theme)

        _launcher_icon = d.pop("launcher_icon", UNSET)
        launcher_icon: WidgetSettingsInputLauncherIcon | Unset
        if isinstance(_launcher_icon, Unset):
            launcher_icon = UNSET
        else:
            launcher_icon = WidgetSettingsInputLauncherIcon(_launcher_icon)

        def _parse_launcher_image_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        launcher_image_url = _parse_launcher_image_url(
            d.pop("launcher_image_url", UNSET)
        )

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        def _parse_subtitle(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subtitle = _parse_subtitle(d.pop("subtitle", UNSET))

        launcher_text = d.pop("launcher_text", UNSET)

        input_placeholder = d.pop("input_placeholder", UNSET)

        def _parse_welcome_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        welcome_message = _parse_welcome_message(d.pop("welcome_message", UNSET))

        suggested_messages = cast(list[str], d.pop("suggested_messages", UNSET))

        _translations = d.pop("translations", UNSET)
        translations: WidgetSettingsInputTranslations | Unset
        if isinstance(_translations, Unset):
            translations = UNSET
        else:
            translations = WidgetSettingsInputTranslations.from_dict(_translations)

        _display_rules = d.pop("display_rules", UNSET)
        display_rules: WidgetDisplayRules | Unset
        if isinstance(_display_rules, Unset):
            display_rules = UNSET
        else:
            display_rules = WidgetDisplayRules.from_dict(_display_rules)

        _lead_form = d.pop("lead_form", UNSET)
        lead_form: WidgetLeadForm | Unset
        if isinstance(_lead_form, Unset):
            lead_form = UNSET
        else:
            lead_form = WidgetLeadForm.from_dict(_lead_form)

        _rating = d.pop("rating", UNSET)
        rating: WidgetRating | Unset
        if isinstance(_rating, Unset):
            rating = UNSET
        else:
            rating = WidgetRating.from_dict(_rating)

        sound = d.pop("sound", UNSET)

        _privacy = d.pop("privacy", UNSET)
        privacy: WidgetPrivacy | Unset
        if isinstance(_privacy, Unset):
            privacy = UNSET
        else:
            privacy = WidgetPrivacy.from_dict(_privacy)

        attachments = d.pop("attachments", UNSET)

        identity_verification = d.pop("identity_verification", UNSET)

        allowed_origins = cast(list[str], d.pop("allowed_origins", UNSET))

        widget_settings_input = cls(
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
        )

        return widget_settings_input
