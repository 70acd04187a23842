"""Sign up, the account page (API tokens, email, log out everywhere, the export, deletion),
password change and reset; log in and log out are Django's views with the site's templates."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts import selectors, services
from accounts.forms import DeleteAccountForm, EmailForm, ResetForm, SignupForm, TokenForm


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = ""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:
            # Someone took the name or the address between the check and the save.
            form.add_error(None, "That name or address was taken a moment ago; choose another.")
            return render(
                request, "registration/signup.html", {"form": form, "next": next_url}, status=400
            )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        name = user.get_username()
        messages.success(request, f"Welcome, {name}! Design a card or build a deck to start.")
        return redirect(next_url or reverse("home"))
    status = 400 if request.method == "POST" else 200
    return render(
        request, "registration/signup.html", {"form": form, "next": next_url}, status=status
    )


def _account_page(
    request: HttpRequest,
    *,
    form: Form | None = None,
    email_form: Form | None = None,
    new_token: str | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "tokens": selectors.tokens_of(user=request.user),
        "form": form or TokenForm(default_days=services.default_token_days()),
        "email_form": email_form or EmailForm(user=request.user),
        "new_token": new_token,
        "summary": selectors.account_summary(user=request.user),
    }
    return render(request, "accounts/account.html", context, status=status)


@login_required
def account(request: HttpRequest) -> HttpResponse:
    return _account_page(request)


@login_required
@require_POST
def token_new(request: HttpRequest) -> HttpResponse:
    """Make a token and show it on this one answer: it is not stored anywhere it could be
    shown again, so the page is not a redirect and is not to be cached."""
    form = TokenForm(request.POST, default_days=services.default_token_days())
    if not form.is_valid():
        return _account_page(request, form=form, status=400)
    try:
        token, secret = services.token_create(
            user=request.user, name=form.cleaned_data["name"], days=form.cleaned_data["days"]
        )
    except services.TokenLimitReached as error:
        form.add_error(None, str(error))
        return _account_page(request, form=form, status=400)
    page = _account_page(
        request, form=TokenForm(default_days=services.default_token_days()), new_token=secret
    )
    add_never_cache_headers(page)
    return page


@login_required
@require_POST
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    if not services.token_revoke(user=request.user, token_id=pk):
        raise Http404("You have no such token.")
    messages.success(request, "Token revoked: it no longer works.")
    return redirect("account")


@login_required
@require_POST
def logout_everywhere(request: HttpRequest) -> HttpResponse:
    services.log_out_everywhere(user=request.user)
    logout(request)
    messages.success(
        request, "You are logged out on every browser, and every API token of yours is revoked."
    )
    return redirect(settings.LOGOUT_REDIRECT_URL)


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's, which keeps this browser logged in under a new session key: note the new
    key, so "log out everywhere" still finds this session. (Saving the new password revokes
    the API tokens; see accounts.signals.)"""

    def form_valid(self, form: Form) -> HttpResponse:
        response = super().form_valid(form)
        services.session_remember(user=self.request.user, session=self.request.session)
        return response


@login_required
@require_POST
def email_change(request: HttpRequest) -> HttpResponse:
    form = EmailForm(request.POST, user=request.user)
    if not form.is_valid():
        return _account_page(request, email_form=form, status=400)
    try:
        services.email_set(user=request.user, email=form.cleaned_data["email"])
    except ValidationError as error:
        for message in error.message_dict.get("email", []):
            form.add_error("email", message)
        return _account_page(request, email_form=form, status=400)
    if form.cleaned_data["email"]:
        messages.success(request, "Email address saved: a forgotten password can be reset.")
    else:
        messages.success(request, "Email address removed.")
    return redirect(reverse("account") + "#email")


@login_required
def account_delete(request: HttpRequest) -> HttpResponse:
    """The confirmation page (what goes, what stays), and the deletion itself."""
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        user = request.user
        result = services.account_delete(user=user, password=form.cleaned_data["password"])
        logout(request)
        kept = result["cards_kept"]
        note = (
            f" {kept} card{'s' if kept != 1 else ''} in other people's decks or collections"
            " stay, credited to “a former designer”."
            if kept
            else ""
        )
        messages.success(request, f"Your account is deleted.{note}")
        return redirect("home")
    context = {"form": form, "summary": selectors.account_summary(user=request.user)}
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/delete.html", context, status=status)


class PasswordResetView(auth_views.PasswordResetView):
    form_class = ResetForm
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's. The new password also lifts a login lockout of the account: whoever forgot a
    password has often been locked out trying to remember it. (Saving the password revokes
    the API tokens and ends other sessions; see accounts.signals.)"""

    def form_valid(self, form: Form) -> HttpResponse:
        response = super().form_valid(form)
        services.lockout_lift(username=self.user.get_username())
        return response
