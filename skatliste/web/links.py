"""The addresses a page is served at, its entry link (which carries a pairing code) and that link as
a QR code for the terminal. Strings only; ``skatliste serve`` prints them."""

from __future__ import annotations

import io
import ipaddress
import socket

ANY = ("0.0.0.0", "::", "")


def serves_network(host: str) -> bool:
    """Whether ``host`` is reachable from other machines (not the loopback)."""
    if host in ANY:
        return True
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host != "localhost"


def addresses(host: str) -> list[str]:
    """The host names to put in links: the host itself, or for 0.0.0.0 this machine's own
    IPv4 addresses as its name resolves (no packet is sent), else 127.0.0.1."""
    if host not in ANY:
        return [host]
    found: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address).is_loopback and address not in found:
            found.append(address)
    return found or ["127.0.0.1"]


def served_names(host: str) -> list[str]:
    """The names besides the addresses a phone may use for this computer (``Host`` headers the
    server answers): the host given, and for 0.0.0.0 this machine's name (``laptop``,
    ``laptop.local``)."""
    if host not in ANY:
        return [host]
    name = socket.gethostname().lower()
    return [name, f"{name}.local"] if name else []


def base_url(address: str, port: int) -> str:
    shown = f"[{address}]" if ":" in address else address
    return f"http://{shown}:{port}/"


def entry_link(address: str, port: int, fragment: str) -> str:
    """The link that opens the page for writing: ``pair=CODE`` (a one-time code the page
    trades for the key) or ``key=KEY`` in the fragment, which the browser keeps to itself
    (never sent in a request, a log or a Referer)."""
    return f"{base_url(address, port)}#{fragment}"


def qr_terminal(text: str) -> str:
    """``text`` as a QR code drawn with Unicode half blocks (two rows a line)."""
    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()
