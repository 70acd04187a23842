from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.core.cache import cache

from accounts import services

EMAIL_HELP = (
    "Optional, and never shown to anyone; but without it a forgotten password cannot be reset."
)
# Reset emails to one address in an hour: enough for a lost or late one, too few to flood it.
RESETS_PER_HOUR = 3


class FocusFirstInvalidField:
    """After a refused submission the cursor goes to the first field to fix. Django's sign-up
    and log-in forms autofocus the username, which after an error in the password sends a
    keyboard or screen reader user to the one field that was right."""

    fields: dict[str, forms.Field]
    _errors: Any

    def full_clean(self) -> None:
        super().full_clean()  # type: ignore[misc]
        invalid = [name for name in self.fields if self._errors and name in self._errors]
        if not invalid:
            return
        for field in self.fields.values():
            field.widget.attrs.pop("autofocus", None)
        self.fields[invalid[0]].widget.attrs["autofocus"] = True


class LoginForm(FocusFirstInvalidField, AuthenticationForm):
    """Django's log-in form; a wrong password is an error of the whole form (it does not say
    which of the two was wrong), so the username keeps the focus then."""


class SignupForm(FocusFirstInvalidField, UserCreationForm):
    """Django's sign-up form (which already refuses names differing only in case), plus an
    optional email address."""

    email = forms.EmailField(required=False, help_text=EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        if services.email_taken(email):
            raise forms.ValidationError(services.TAKEN_EMAIL)
        return email


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


class EmailForm(forms.Form):
    """A new email address (or none), confirmed with the password: whoever holds the address
    can reset the password, so a borrowed browser must not be enough to change it."""

    email = forms.EmailField(required=False, label="Email address", help_text=EMAIL_HELP)
    password = forms.CharField(
        label="Your password", strip=False, widget=forms.PasswordInput, max_length=4096
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["email"].initial = user.email

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        if services.email_taken(email, by=self.user):
            raise forms.ValidationError(services.TAKEN_EMAIL)
        return email

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label="Your password", strip=False, widget=forms.PasswordInput, max_length=4096
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password; nothing was deleted.")
        return password


class ResetForm(PasswordResetForm):
    """Django's: the same answer whether or not an account has the address (so the page
    tells no one who has an account), and at most a few emails an hour to one address."""

    def send_mail(self, *args: Any, **kwargs: Any) -> None:
        address = str(kwargs.get("to_email") or (args[4] if len(args) > 4 else "")).lower()
        key = f"password-reset-sent:{address}"
        cache.add(key, 0, 60 * 60)
        try:
            sent = cache.incr(key)
        except ValueError:  # expired in between
            cache.set(key, 1, 60 * 60)
            sent = 1
        if sent > RESETS_PER_HOUR:
            return
        super().send_mail(*args, **kwargs)
