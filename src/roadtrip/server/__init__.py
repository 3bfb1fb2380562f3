"""The web app: match coordinator, storage, transport, visibility and HTTP/WebSocket routes."""
