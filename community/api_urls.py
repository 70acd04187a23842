from django.urls import path

from community import api, api_moderation

urlpatterns = [
    path("comments/", api.CommentListApi.as_view(), name="api-comments"),
    path("comments/<int:pk>/", api.CommentDetailApi.as_view(), name="api-comment"),
    path("cards/<int:pk>/like/", api.CardLikeApi.as_view(), name="api-card-like"),
    path("decks/<int:pk>/like/", api.DeckLikeApi.as_view(), name="api-deck-like"),
    path("designers/<str:username>/follow/", api.FollowApi.as_view(), name="api-follow"),
    path("follows/", api.FollowsApi.as_view(), name="api-follows"),
    path("users/<str:username>/", api.ProfileApi.as_view(), name="api-profile"),
    path("feed/", api.FeedApi.as_view(), name="api-feed"),
    path("notifications/", api_moderation.NotificationListApi.as_view(), name="api-notifications"),
    path(
        "notifications/read/",
        api_moderation.NotificationReadApi.as_view(),
        name="api-notifications-read",
    ),
    path(
        "notifications/settings/",
        api_moderation.NotificationSettingsApi.as_view(),
        name="api-notification-settings",
    ),
    path("reports/", api_moderation.ReportApi.as_view(), name="api-reports"),
    path(
        "moderation/reports/",
        api_moderation.ModerationQueueApi.as_view(),
        name="api-moderation-queue",
    ),
    path(
        "moderation/actions/",
        api_moderation.ModerationActionApi.as_view(),
        name="api-moderation-actions",
    ),
    path("moderation/log/", api_moderation.ModerationLogApi.as_view(), name="api-moderation-log"),
]
