"""Compatibility path: the payment engine lives in :mod:`bot.rules.mana.payment`."""

from bot.rules.mana.payment import LIFE, PaymentResult, allowed_kinds, max_flow, pay

__all__ = ["LIFE", "PaymentResult", "allowed_kinds", "max_flow", "pay"]
