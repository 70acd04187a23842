"""The forms of the community pages: a comment, a report, a moderator's action, the
notification switches."""

from __future__ import annotations

from django import forms

from community.models import MAX_COMMENT, MAX_REASON, Kind, ModerationEntry, ReportReason


class CommentForm(forms.Form):
    # Not required here: the service says what is wrong with an empty or blank comment.
    text = forms.CharField(
        label="Your comment",
        required=False,
        strip=False,
        max_length=MAX_COMMENT,
        help_text="Markdown. [[Card Name]] links to a card.",
        error_messages={"max_length": f"A comment holds at most {MAX_COMMENT} characters."},
        widget=forms.Textarea(attrs={"rows": 4, "maxlength": MAX_COMMENT}),
    )


class ReportForm(forms.Form):
    reason = forms.ChoiceField(
        label="What is wrong with it?", choices=ReportReason.choices, widget=forms.RadioSelect
    )
    details = forms.CharField(
        label="Anything the moderators should know (optional)",
        required=False,
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": MAX_REASON}),
    )


class ModerationForm(forms.Form):
    action = forms.ChoiceField(
        label="Action", choices=ModerationEntry.Action.choices, widget=forms.RadioSelect
    )
    reason = forms.CharField(
        label="Reason (the author is told)",
        max_length=MAX_REASON,
        widget=forms.TextInput(attrs={"maxlength": MAX_REASON}),
    )


class NotificationSettingsForm(forms.Form):
    def __init__(self, *args: object, off: set[str] | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        for kind, label in Kind.choices:
            self.fields[kind] = forms.BooleanField(
                label=label, required=False, initial=kind not in (off or set())
            )
