from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm


class SignupForm(UserCreationForm):
    """Django's sign-up form (which already refuses names differing only in case), plus an
    optional email address."""

    email = forms.EmailField(required=False, help_text="Optional; never shown to anyone.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


class TokenForm(forms.Form):
    """A new API token for one device or script."""

    name = forms.CharField(
        max_length=100,
        label="Device or script",
        help_text="So you can tell your tokens apart, e.g. “laptop” or “deck backup script”.",
    )
    days = forms.IntegerField(
        label="Valid for (days)", min_value=1, max_value=365, help_text="1 to 365 days."
    )

    def __init__(self, *args: Any, default_days: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["days"].initial = min(default_days, 365)
