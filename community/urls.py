from django.urls import path

from community.views import moderation as views_moderation
from community.views import people
from community.views import social as views

CARD, DECK, COMMENT = {"kind": "card"}, {"kind": "deck"}, {"kind": "comment"}

urlpatterns = [
    path("u/<str:username>/", people.profile, name="profile"),
    path(
        "u/<str:username>/cockatrice.xml",
        people.profile_cockatrice_set,
        name="profile-cockatrice-set",
    ),
    path("feed/", people.feed, name="feed"),
    path("cards/<int:pk>/comments/", views.comments, CARD, name="card-comments"),
    path("decks/<int:pk>/comments/", views.comments, DECK, name="deck-comments"),
    path("comments/<int:comment_id>/edit/", views.comment_edit, name="comment-edit"),
    path("comments/<int:comment_id>/delete/", views.comment_delete, name="comment-delete"),
    path("cards/<int:pk>/like/", views.like, CARD, name="card-like"),
    path("decks/<int:pk>/like/", views.like, DECK, name="deck-like"),
    path("designers/<str:username>/follow/", views.follow, name="designer-follow"),
    path("following/", views.following, name="following"),
    path("notifications/", views_moderation.notifications, name="notifications"),
    path("notifications/read/", views_moderation.notifications_read, name="notifications-read"),
    path(
        "notifications/settings/",
        views_moderation.notification_settings,
        name="notification-settings",
    ),
    path("cards/<int:pk>/report/", views_moderation.report, CARD, name="card-report"),
    path("decks/<int:pk>/report/", views_moderation.report, DECK, name="deck-report"),
    path(
        "comments/<int:comment_id>/report/",
        views_moderation.report,
        COMMENT,
        name="comment-report",
    ),
    path("moderation/", views_moderation.moderation_queue, name="moderation-queue"),
    path("moderation/log/", views_moderation.moderation_log, name="moderation-log"),
    path("moderation/cards/<int:pk>/", views_moderation.moderate, CARD, name="moderate-card"),
    path("moderation/decks/<int:pk>/", views_moderation.moderate, DECK, name="moderate-deck"),
    path(
        "moderation/comments/<int:comment_id>/",
        views_moderation.moderate,
        COMMENT,
        name="moderate-comment",
    ),
]
