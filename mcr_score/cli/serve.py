"""`mcr-score serve`: the table-side page and the JSON service (the optional `web` extra: FastAPI, uvicorn).
MCR's alone, as its capability says."""

from __future__ import annotations

import click

from mcr_score.cli.options import Command, for_system, handles_errors, system_option
from mcr_score.messages import language_from_env, text
from mcr_score.systems import Capability


@click.command(cls=Command, help="help.serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="help.serve.opt.host",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="help.serve.opt.port")
@click.option("--workers", type=click.IntRange(1, 32), default=1, show_default=True, help="help.serve.opt.workers")
@system_option(Capability.SERVE)
@handles_errors
def serve(host: str, port: int, workers: int, system: str | None) -> None:
    """`mcr-score serve`: its help is `help.serve.*` in the catalogues."""
    for_system()
    lang = language_from_env()
    try:
        import uvicorn  # the web extra: imported here so the other commands never need it

        from mcr_score.web import api  # noqa: F401  (fails early, with the message below, when FastAPI is missing)
        from mcr_score.web.server import NoDelayProtocol
    except ImportError as e:
        raise click.ClickException(text("serve.no-extra", lang, missing=e.name or "fastapi")) from None
    shown = f"[{host}]" if ":" in host else host
    click.echo(text("serve.listening", lang, url=f"http://{shown}:{port}/"), err=True)
    uvicorn.run(
        "mcr_score.web.api:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        http=NoDelayProtocol,  # TCP_NODELAY on every connection, as --workers N binds the socket too
    )
