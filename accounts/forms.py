from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        required=False, help_text="Optional. Only used to reset a forgotten password."
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_username(self) -> str:
        username = super().clean_username()
        model = get_user_model()
        if model.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError("That username is taken. Try another.")
        return username
