"""Input and output serializers of the community API."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cards.limits import MAX_ID
from community.models import (
    MAX_COMMENT,
    MAX_REASON,
    Comment,
    Kind,
    ModerationEntry,
    Report,
    ReportReason,
)
from kotc_site.api_query import QueryParameters
from kotc_site.inputs import WholeNumberSerializerField

TARGET_HELP = "The id of the {0}; give exactly one of {1}."


def _id_field(kind: str, kinds: str) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text=TARGET_HELP.format(kind, kinds)
    )


class TargetSerializer(serializers.Serializer):
    """Names one card or deck."""

    KINDS = ("card", "deck")

    card = _id_field("card", "card and deck")
    deck = _id_field("deck", "card and deck")

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        named = [kind for kind in self.KINDS if data.get(kind) is not None]
        if len(named) != 1:
            raise serializers.ValidationError(
                {"non_field_errors": [f"Name exactly one of: {', '.join(self.KINDS)}."]}
            )
        data["kind"], data["pk"] = named[0], data[named[0]]
        return data


class CommentTargetQuerySerializer(QueryParameters):
    """The card or the deck whose comments are listed."""

    KINDS = TargetSerializer.KINDS

    card = WholeNumberSerializerField(
        min_value=1, max_value=MAX_ID, required=False, help_text="The card's comments."
    )
    deck = WholeNumberSerializerField(
        min_value=1, max_value=MAX_ID, required=False, help_text="The deck's (give one of the two)."
    )
    validate = TargetSerializer.validate


class CommentInputSerializer(TargetSerializer):
    text = serializers.CharField(
        max_length=MAX_COMMENT,
        trim_whitespace=False,
        allow_blank=True,
        help_text="Markdown; [[Card Name]] links to a card. Links to other sites only from "
        "accounts a day old or more.",
    )


class CommentEditSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_COMMENT, trim_whitespace=False, allow_blank=True)


class CommentOutputSerializer(serializers.ModelSerializer):
    author = serializers.CharField(source="author.username", read_only=True)
    edited = serializers.DateTimeField(allow_null=True, read_only=True)
    hidden_reason = serializers.SerializerMethodField()

    class Meta:
        model = Comment
        fields = ["id", "author", "card", "deck", "text", "created", "edited", "hidden"]
        fields += ["hidden_reason"]

    def get_hidden_reason(self, comment: Comment) -> str:
        """Why a moderator hid it: shown to its author and moderators, who alone see it."""
        return comment.hidden_reason if comment.hidden else ""


class LikeSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="How many people like it.")
    liked = serializers.BooleanField(help_text="Whether you do.")


class FollowStateSerializer(serializers.Serializer):
    designer = serializers.CharField()
    following = serializers.BooleanField(help_text="Whether you follow them.")
    followers = serializers.IntegerField(help_text="How many people follow them.")


class FollowsSerializer(serializers.Serializer):
    following = serializers.ListField(child=serializers.CharField(), help_text="Whom you follow.")
    followers = serializers.ListField(child=serializers.CharField(), help_text="Who follows you.")


class NotificationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Kind.choices, source="notification.kind")
    text = serializers.CharField()
    url = serializers.CharField(help_text="Where it points; empty when there is nothing to show.")
    read = serializers.BooleanField(source="notification.read")
    created = serializers.DateTimeField(source="notification.created")


class MarkReadSerializer(serializers.Serializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        max_length=500,
        help_text="The notifications to mark read; all of yours when left out.",
    )


class MarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField()
    unread = serializers.IntegerField()


class NotificationSettingsSerializer(serializers.Serializer):
    """Each kind, on (true) or off (false). A PATCH may name only the kinds it changes."""

    comment = serializers.BooleanField(required=False, help_text=Kind.COMMENT.label)
    follow = serializers.BooleanField(required=False, help_text=Kind.FOLLOW.label)
    deck_version = serializers.BooleanField(required=False, help_text=Kind.DECK_VERSION.label)
    moderation = serializers.BooleanField(required=False, help_text=Kind.MODERATION.label)
    published = serializers.BooleanField(required=False, help_text=Kind.PUBLISHED.label)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(self.initial_data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError(
                {"non_field_errors": [f"Unknown kinds: {', '.join(unknown)}."]}
            )
        return data


class ReportInputSerializer(TargetSerializer):
    KINDS = ("comment", "card", "deck")

    comment = _id_field("comment", "comment, card and deck")
    card = _id_field("card", "comment, card and deck")
    deck = _id_field("deck", "comment, card and deck")
    reason = serializers.ChoiceField(choices=ReportReason.choices)
    details = serializers.CharField(
        max_length=MAX_REASON, required=False, allow_blank=True, default=""
    )


class ReportOutputSerializer(serializers.ModelSerializer):
    reporter = serializers.CharField(source="reporter.username", read_only=True)

    class Meta:
        model = Report
        fields = ["id", "reporter", "comment", "card", "deck", "reason", "details", "created"]
        fields += ["open"]


class ModerationInputSerializer(ReportInputSerializer):
    reason = serializers.CharField(  # type: ignore[assignment]
        max_length=MAX_REASON, help_text="Why; the author is told."
    )
    details = None  # type: ignore[assignment]
    action = serializers.ChoiceField(choices=ModerationEntry.Action.choices)


class ModerationEntrySerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor_name", read_only=True)

    class Meta:
        model = ModerationEntry
        fields = ["id", "actor", "action", "target_kind", "target_id", "reason", "created"]


class ProfileSerializer(serializers.Serializer):
    """A designer as their profile shows them: counts of their public work only."""

    username = serializers.CharField()
    joined = serializers.DateTimeField()
    cards = serializers.IntegerField(help_text="Their public cards.")
    decks = serializers.IntegerField(help_text="Their public decks.")
    likes_received = serializers.IntegerField(help_text="Likes on their public cards and decks.")
    followers = serializers.IntegerField()
    following = serializers.IntegerField()
    followed_by_you = serializers.BooleanField(
        allow_null=True, help_text="Whether you follow them; null when you are not logged in."
    )
    page = serializers.CharField(help_text="Their profile page.")
    cards_url = serializers.CharField(help_text="Their public cards, searchable: the card list.")
    decks_url = serializers.CharField(help_text="Their public decks: the deck list.")
    cockatrice_set = serializers.CharField(help_text="Their public cards as a Cockatrice set.")


class FeedItemSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=["card", "deck", "version"],
        help_text="A card or deck made public, or a new version of a public deck.",
    )
    when = serializers.DateTimeField()
    designer = serializers.CharField(source="designer.username")
    name = serializers.CharField()
    text = serializers.CharField()
    url = serializers.CharField()
    card = serializers.IntegerField(source="card.pk", allow_null=True, default=None)
    deck = serializers.IntegerField(source="deck.pk", allow_null=True, default=None)
    number = serializers.IntegerField(allow_null=True, help_text="The version's number.")


class FeedSerializer(serializers.Serializer):
    results = FeedItemSerializer(many=True, source="items")
    older = serializers.DateTimeField(
        allow_null=True, help_text="The next page's `before`; null on the last page."
    )
    next = serializers.CharField(allow_null=True, help_text="The next page's address.")


class FeedQuerySerializer(QueryParameters):
    before = serializers.DateTimeField(
        required=False,
        help_text="Only what came before this moment (the `older` of the page before).",
    )
