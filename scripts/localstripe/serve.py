"""localstripe 1.15.10 with the two Stripe behaviours it lacks and the card payment adapter relies on.

    serve.py [--store PATH] [--port PORT] [--from-scratch]

The adapter (crates/adapters/stripe) pays an order the way real Stripe allows:
  1. POST /v1/payment_methods  type=card&card[token]=tok_...   (the token the browser made with Stripe.js)
  2. POST /v1/payment_intents/{id}/confirm  payment_method=pm_...
and after a declined card repeats both with the next card on the same PaymentIntent. localstripe refuses step 1
(it only takes raw card numbers) and answers step 2 with 500 "Not implemented"; this launcher adds exactly those two
behaviours, as Stripe documents them, and leaves everything else to localstripe. It also listens on the loopback
addresses (127.0.0.1 and ::1) only, where localstripe itself listens on every interface, and answers only requests
addressed to localhost, 127.0.0.1 or [::1].

--store PATH keeps localstripe's data in PATH between runs instead of the /tmp/localstripe.pickle every localstripe
on the machine shares; without it nothing is written at all. The other options are localstripe's own.
"""

import argparse
import errno
import logging
import os
import pickle
import re
import socket
import sys

from aiohttp import web

from localstripe import resources
from localstripe.errors import UserError
from localstripe.resources import PaymentIntent, PaymentMethod, Store, Token

# --- Where the data lives ---------------------------------------------------------------------------------------------
# localstripe pickles its whole store to /tmp/localstripe.pickle after every write and reloads it at start unless
# --from-scratch: two instances (a test run and `just run`) would overwrite each other's data there.


def _take_store_path(argv):
    if '--store' not in argv:
        return None
    at = argv.index('--store')
    if at + 1 >= len(argv):
        sys.exit('serve.py: --store needs a path')
    path = argv[at + 1]
    del argv[at:at + 2]
    return path


_store_path = _take_store_path(sys.argv)


def _load(store):
    try:
        with open(_store_path, 'rb') as f:
            old = pickle.load(f)
    except FileNotFoundError:
        return
    store.clear()
    store.update(old)


def _dump(store):
    # Written aside then renamed, so a kill mid-write never leaves half a store.
    partial = _store_path + '.partial'
    with open(partial, 'wb') as f:
        pickle.dump(dict(store), f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(partial, _store_path)


if _store_path:
    Store.try_load_from_disk = _load
    Store.dump_to_disk = _dump
else:
    Store.try_load_from_disk = lambda store: None
    Store.dump_to_disk = lambda store: None


# --- 1. A PaymentMethod from a card token -------------------------------------------------------------------------------
# https://docs.stripe.com/api/payment_methods/create#create_payment_method-card: "For backwards compatibility, you can
# alternatively provide a Stripe token (e.g., for Apple Pay, Amex Express Checkout, or legacy Checkout) into the card
# hash with format card: {token: "tok_visa"}." The PaymentMethod gets the token's card. A token is single-use
# (https://docs.stripe.com/api/tokens): Stripe answers a second use with 400 token_already_used.

_original_payment_method_init = PaymentMethod.__init__


def _payment_method_init(self, type=None, billing_details=None, card=None, sepa_debit=None, metadata=None, **kwargs):
    token = None
    if type == 'card' and isinstance(card, dict) and set(card) == {'token'}:
        token_id = card['token']
        try:
            token = Token._api_retrieve(token_id) if isinstance(token_id, str) else None
        except UserError:
            token = None
        if token is None:
            raise UserError(400, "No such token: '%s'" % token_id, {'code': 'resource_missing', 'param': 'card[token]'})
        if getattr(token, '_used', False):
            raise UserError(400, 'You cannot use a Stripe token more than once: %s.' % token_id,
                            {'code': 'token_already_used'})
        # localstripe's Card keeps the number (it decides declines and 3-D Secure by it) but not the CVC, which
        # Stripe checked when the token was made: any three digits do.
        card = {'number': token.card._card_number, 'exp_month': token.card.exp_month,
                'exp_year': token.card.exp_year, 'cvc': '123'}
    _original_payment_method_init(self, type=type, billing_details=billing_details, card=card,
                                  sepa_debit=sepa_debit, metadata=metadata, **kwargs)
    if token is not None:
        token._used = True


PaymentMethod.__init__ = _payment_method_init


# --- 2. Confirming a PaymentIntent with a payment method -------------------------------------------------------------
# https://docs.stripe.com/api/payment_intents/confirm#confirm_payment_intent-payment_method: confirm takes the
# payment method to use, and a PaymentIntent can be confirmed while it is requires_payment_method,
# requires_confirmation or requires_action (https://docs.stripe.com/payments/paymentintents/lifecycle): after a
# decline or a failed 3-D Secure it is back to requires_payment_method and another card may be tried on it. localstripe
# answers 500 "Not implemented" to the parameter, and its PaymentIntent stays requires_payment_method after a decline
# (its status comes from the failed charge). So: attach the method, forget the failed attempt, confirm as usual.

_original_confirm = PaymentIntent._api_confirm.__func__
_CONFIRMABLE = ('requires_payment_method', 'requires_confirmation', 'requires_action')


def _confirm(cls, id, payment_method=None, **kwargs):
    if payment_method is not None:
        if kwargs:
            raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
        intent = cls._api_retrieve(id)
        if intent.status not in _CONFIRMABLE:
            raise UserError(400, 'You cannot confirm this PaymentIntent because it has a status of %s.' % intent.status,
                            {'code': 'payment_intent_unexpected_state'})
        if not isinstance(payment_method, str):
            raise UserError(400, 'Bad request')
        PaymentMethod._api_retrieve(payment_method)  # 404 for an unknown one, as on create
        intent.payment_method = payment_method
        intent.latest_charge = None  # the failed charge decided the status; it is history now
        intent.next_action = None  # an unfinished 3-D Secure step belongs to the previous method
        intent._authentication_failed = False
    return _original_confirm(cls, id, **kwargs)


PaymentIntent._api_confirm = classmethod(_confirm)
# The routes were listed when resources was imported (server.py builds them from this list when it is imported, which
# is why it is imported only below): point the confirm route at the new method.
resources.extra_apis[:] = [
    (method, url, PaymentIntent._api_confirm if url == '/v1/payment_intents/{id}/confirm' else func)
    for method, url, func in resources.extra_apis
]

from localstripe import server  # noqa: E402  (after the patches above: it reads extra_apis on import)


# --- 3. Loopback only --------------------------------------------------------------------------------------------------
# localstripe's own start() binds '::' (every interface, IPv4 too): anyone on the network could list PaymentIntents with
# their client secrets, confirm them or wipe the data. It listens on the loopback addresses only, both of them, so
# that a browser loading Stripe.js from http://localhost:PORT reaches it whichever address `localhost` gives first,
# and answers only requests addressed to a loopback name.

def _loopback_sockets(port):
    sockets = []
    for family, address in ((socket.AF_INET, '127.0.0.1'), (socket.AF_INET6, '::1')):
        try:
            sock = socket.socket(family, socket.SOCK_STREAM)
        except OSError:
            continue  # no IPv6 on this machine
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind((address, port))
        except OSError as error:
            sock.close()
            # A machine without IPv6 loopback has no ::1 to bind; a port taken there is a real conflict.
            if family == socket.AF_INET6 and error.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
                continue
            raise
        sockets.append(sock)
    return sockets


# A web page can also point a domain of its own at 127.0.0.1 (DNS rebinding) and then read localstripe's answers as
# same-origin ones. Its requests still name that domain in Host: only the loopback names are answered.
_LOOPBACK_HOST = re.compile(r'(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?', re.IGNORECASE)


@web.middleware
async def _loopback_hosts_only(request, handler):
    if not _LOOPBACK_HOST.fullmatch(request.headers.get('Host', '')):
        return web.json_response({'error': {'type': 'invalid_request_error',
                                            'message': 'localstripe answers only requests to localhost, 127.0.0.1 or [::1]'}},
                                 status=421)
    return await handler(request)


server.app.middlewares.insert(0, _loopback_hosts_only)


def start():
    parser = argparse.ArgumentParser()
    parser.add_argument('--port', type=int, default=8420)
    parser.add_argument('--from-scratch', action='store_true')
    args = parser.parse_args()

    if not args.from_scratch:
        server.store.try_load_from_disk()

    logger = logging.getLogger('aiohttp.access')
    logger.setLevel(logging.DEBUG)
    logger.addHandler(logging.StreamHandler())

    web.run_app(server.app, sock=_loopback_sockets(args.port), access_log=logger)


if __name__ == '__main__':
    start()
