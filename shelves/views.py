"""The shelves' pages: your folders, saved searches and tags (/shelves/), a folder's page, and
the forms that change them. Each is the viewer's own: another person's folder is a 404."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_POST

from kotc_site.forms import add_validation_errors
from shelves import selectors, services
from shelves.forms import BulkForm, FolderForm, SmartFolderForm, TagForm
from shelves.models import Folder, Holds


def _parent(user: Any, pk: Any) -> Folder | None:
    return None if pk is None else selectors.folder_for_owner(user=user, pk=pk)


def _home(request: HttpRequest, status: int = 200, **forms: Any) -> HttpResponse:
    user = request.user
    context = {
        "tree": selectors.folder_tree(user),
        "smart_folders": selectors.smart_folders_of(user),
        "tags": selectors.tags_of(user),
        "folder_form": forms.get("folder_form") or FolderForm(user=user),
        "smart_form": forms.get("smart_form") or SmartFolderForm(),
    }
    return render(request, "shelves/home.html", context, status=status)


@login_required
def shelves_home(request: HttpRequest) -> HttpResponse:
    return _home(request)


@login_required
@require_POST
def folder_new(request: HttpRequest) -> HttpResponse:
    form = FolderForm(request.POST, user=request.user)
    if form.is_valid():
        data = form.cleaned_data
        try:
            folder = services.folder_create(
                user=request.user,
                name=data["name"],
                parent=_parent(request.user, data["parent"]),
                holds=data["holds"],
            )
        except ValidationError as error:
            add_validation_errors(form, error)
        else:
            messages.success(request, f"Folder “{folder.name}” made.")
            return redirect(folder)
    return _home(request, 400, folder_form=form)


def _folder_page(
    request: HttpRequest, folder: Folder, status: int = 200, form: FolderForm | None = None
) -> HttpResponse:
    user = request.user
    cards = list(selectors.folder_cards(user=user, folder=folder))
    decks = list(selectors.folder_decks(user=user, folder=folder))
    card_shelves = selectors.card_shelves(user=user, cards=cards)
    deck_shelves = selectors.deck_shelves(user=user, decks=decks)
    for card in cards:
        card.shelf = card_shelves.get(card.pk)
    for deck in decks:
        deck.shelf = deck_shelves.get(deck.pk)
    if form is None:
        form = FolderForm(
            user=user,
            initial={"name": folder.name, "parent": folder.parent_id or "", "holds": folder.holds},
        )
    context = {
        "folder": folder,
        "trail": selectors.breadcrumbs(folder),
        "children": selectors.folder_children(folder),
        "cards": cards,
        "decks": decks,
        "form": form,
        "shelf_folders": selectors.folder_choices(user),
        "shelf_next": request.get_full_path(),
    }
    return render(request, "shelves/folder.html", context, status=status)


@login_required
def folder_detail(request: HttpRequest, folder_id: int) -> HttpResponse:
    return _folder_page(request, selectors.folder_for_owner(user=request.user, pk=folder_id))


@login_required
@require_POST
def folder_edit(request: HttpRequest, folder_id: int) -> HttpResponse:
    folder = selectors.folder_for_owner(user=request.user, pk=folder_id)
    form = FolderForm(request.POST, user=request.user)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.folder_update(
                user=request.user,
                folder=folder,
                name=data["name"],
                parent=_parent(request.user, data["parent"]),
                holds=data["holds"],
            )
        except ValidationError as error:
            add_validation_errors(form, error)
        else:
            messages.success(request, f"Folder “{folder.name}” saved.")
            return redirect(folder)
    folder = selectors.folder_for_owner(user=request.user, pk=folder_id)
    return _folder_page(request, folder, 400, form)


@login_required
def folder_delete(request: HttpRequest, folder_id: int) -> HttpResponse:
    folder = selectors.folder_for_owner(user=request.user, pk=folder_id)
    if request.method == "POST":
        parent = folder.parent
        services.folder_delete(user=request.user, folder=folder)
        messages.success(
            request, f"Folder “{folder.name}” deleted; what it held moved up, nothing else changed."
        )
        return redirect(parent) if parent is not None else redirect("shelves")
    context = {"folder": folder, "trail": selectors.breadcrumbs(folder)}
    return render(request, "shelves/folder_delete.html", context)


# -- saved searches ---------------------------------------------------------------------------


def smart_url(smart: Any) -> str:
    """Where a saved search opens: My cards or My decks, searched by it."""
    name = "my-decks" if smart.holds == Holds.DECKS else "my-cards"
    return f"{reverse(name)}?{urlencode({'q': smart.query})}"


@login_required
@require_POST
def smart_new(request: HttpRequest) -> HttpResponse:
    form = SmartFolderForm(request.POST)
    if form.is_valid():
        try:
            smart = services.smart_folder_create(user=request.user, **form.cleaned_data)
        except ValidationError as error:
            add_validation_errors(form, error)
        else:
            messages.success(request, f"Saved search “{smart.name}” made.")
            return redirect("shelves")
    return _home(request, 400, smart_form=form)


@login_required
def smart_open(request: HttpRequest, smart_id: int) -> HttpResponse:
    return HttpResponseRedirect(
        smart_url(selectors.smart_for_owner(user=request.user, pk=smart_id))
    )


@login_required
@require_POST
def smart_delete(request: HttpRequest, smart_id: int) -> HttpResponse:
    smart = selectors.smart_for_owner(user=request.user, pk=smart_id)
    services.smart_folder_delete(user=request.user, smart=smart)
    messages.success(request, f"Saved search “{smart.name}” deleted.")
    return redirect("shelves")


# -- tags -------------------------------------------------------------------------------------


@login_required
@require_POST
def tag_edit(request: HttpRequest, tag_id: int) -> HttpResponse:
    tag = selectors.tag_for_owner(user=request.user, pk=tag_id)
    form = TagForm(request.POST)
    if form.is_valid():
        try:
            services.tag_rename(user=request.user, tag=tag, name=form.cleaned_data["name"])
        except ValidationError as error:
            add_validation_errors(form, error)
    if form.errors:
        for message in [m for messages_ in form.errors.values() for m in messages_]:
            messages.error(request, f"The tag could not be renamed: {message}")
    else:
        messages.success(request, f"Tag renamed to “{tag.name}”.")
    return redirect("shelves")


@login_required
@require_POST
def tag_delete(request: HttpRequest, tag_id: int) -> HttpResponse:
    tag = selectors.tag_for_owner(user=request.user, pk=tag_id)
    services.tag_delete(user=request.user, tag=tag)
    messages.success(request, f"Tag “{tag.name}” deleted; its cards and decks are unchanged.")
    return redirect("shelves")


# -- the bulk bar -----------------------------------------------------------------------------


def _next(request: HttpRequest, kind: str) -> str:
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("my-decks" if kind == "decks" else "my-cards")


@login_required
@require_POST
def bulk(request: HttpRequest) -> HttpResponse:
    """Tag, untag, move, archive or unarchive the ticked cards or decks, then go back to the
    list with a message saying what was done (or what was wrong)."""
    form = BulkForm(request.POST, user=request.user)
    kind = request.POST.get("kind", "cards")
    if not form.is_valid():
        for message in [m for errors in form.errors.values() for m in errors]:
            messages.error(request, message)
        return HttpResponseRedirect(_next(request, kind))
    data = form.cleaned_data
    kind = data["kind"]
    items: dict[str, Any] = (
        {"cards": selectors.owned_cards(user=request.user, ids=data["ids"])}
        if kind == "cards"
        else {"decks": selectors.owned_decks(user=request.user, ids=data["ids"])}
    )
    count = len(data["ids"])
    things = f"{count} {kind[:-1] if count == 1 else kind}"
    action = data["action"]
    try:
        if action == "tag":
            tag = services.items_tag(user=request.user, name=data["tag"], **items)
            done = f"Tagged {things} “{tag.name}”."
        elif action == "untag":
            tag = services.items_untag(user=request.user, name=data["tag"], **items)
            done = f"Took the tag “{tag.name}” off {things}."
        elif action == "move":
            folder = _parent(request.user, data["folder"])
            services.items_move(user=request.user, folder=folder, **items)
            done = (
                f"Moved {things} to “{folder.name}”."
                if folder
                else f"Took {things} out of folders."
            )
        else:
            archived = action == "archive"
            services.items_archive(user=request.user, archived=archived, **items)
            done = f"{'Archived' if archived else 'Unarchived'} {things}."
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, done)
    return HttpResponseRedirect(_next(request, kind))
