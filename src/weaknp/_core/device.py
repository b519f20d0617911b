"""The one device weaknp computes on: the CPU (``Device`` objects and their validation)."""

from __future__ import annotations

__all__ = ["Device", "CPU", "check_device"]


class Device:
    """A compute device.  weaknp has exactly one, ``CPU``; instances compare by name."""

    __slots__ = ("name",)

    def __init__(self, name: str = "cpu"):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Device) and other.name == self.name

    def __hash__(self):
        return hash(("weaknp.Device", self.name))

    def __repr__(self):
        return f"Device({self.name!r})"

    def __reduce__(self):
        return (Device, (self.name,))


CPU = Device("cpu")


def check_device(device, function: str) -> None:
    """Accept ``None``, ``CPU`` or the string ``"cpu"``; raise a clear ``ValueError`` otherwise."""
    if device is None or device == CPU or device == "cpu":
        return
    raise ValueError(f"{function}: unsupported device {device!r}; weaknp runs on one device, "
                     f"{CPU!r} (pass device=None or device='cpu')")
