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
