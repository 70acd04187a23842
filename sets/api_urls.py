from django.urls import path

from sets import api

urlpatterns = [
    path("sets/", api.SetListApi.as_view(), name="api-sets"),
    path("sets/<int:set_id>/", api.SetDetailApi.as_view(), name="api-set"),
    path("sets/<int:set_id>/release/", api.SetReleaseApi.as_view(), name="api-set-release"),
    path("sets/<int:set_id>/unrelease/", api.SetUnreleaseApi.as_view(), name="api-set-unrelease"),
    path("sets/<int:set_id>/invitation/", api.SetInvitationApi.as_view(), name="api-set-invite"),
    path(
        "sets/<int:set_id>/invitation/accept/",
        api.SetInvitationAcceptApi.as_view(),
        name="api-set-invitation-accept",
    ),
]
