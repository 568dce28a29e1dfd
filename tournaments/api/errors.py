"""API errors: a ServiceError becomes 400 with the fields named, never a 500."""

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from ..services import ServiceError


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response({k: v for k, v in exc.errors.items()}, status=400)
    return drf_handler(exc, context)
