"""The fault drills of `just faults`, against a release server this script starts, stops and kills itself.

    drill.py

scripts/faults.sh prepares everything and passes it in the environment: the server's own variables (DATABASE_URL,
PORT, STRIPE_*, SESSION_SECRET, ...), FAULTS_SERVER (the binary), FAULTS_WORK (a scratch directory),
FAULTS_PG_DIR / FAULTS_PG_PORT (the throwaway cluster), FAULTS_STRIPE_DIR / FAULTS_STRIPE_PORT (localstripe),
FAULTS_TOKENS (a file of `buyer-number access-token` lines) and FAULTS_BOOKS (how many books seed.sql made).

Four drills, each printing its figures with PASS or FAIL; the exit status is 1 if any failed:
  database   PostgreSQL stopped under load: /api/ready and API calls answer 503 with the error body quickly (never
             hang), and the server recovers on its own once PostgreSQL is back.
  kill       SIGKILL in the middle of an order and payment storm, then a restart: consistency.sql finds nothing,
             and every order the provider charged ends up paid.
  provider   localstripe stopped: paying answers a clear 503, the order stays pending, paying later works.
  sigterm    requests in flight when SIGTERM arrives finish with 200, idle keep-alive connections do not hold the
             stop, and a client that never finishes its request cannot keep the process past the deadline.
Only the standard library: threads, http.client and raw sockets.
"""

import hashlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENV = os.environ
PORT = int(ENV['PORT'])
STRIPE_BASE = ENV['STRIPE_API_BASE']
STRIPE_PORT = int(ENV['FAULTS_STRIPE_PORT'])
WORK = ENV['FAULTS_WORK']

# Limits the drills hold the server to.
OUTAGE_ANSWER_LIMIT = 2.0  # seconds for any answer while the database is down
RECOVERY_LIMIT = 5.0  # seconds from PostgreSQL accepting connections again to every endpoint answering 200
EXIT_LIMIT = 10.0  # seconds from SIGTERM to the process gone
CLIENT_TIMEOUT = 10.0  # a request still unanswered after this counts as hung

failures = []


def report(passed, text):
    print(f'  {text} {"PASS" if passed else "FAIL"}', flush=True)
    if not passed:
        failures.append(text)


# --- HTTP -------------------------------------------------------------------------------------------------------------

class Answer:
    def __init__(self, status, body, started, ended):
        self.status, self.body, self.started, self.ended = status, body, started, ended

    @property
    def took(self):
        return self.ended - self.started

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    def error_code(self):
        """The `error.code` of our JSON error body, or None when the body is not one."""
        body = self.json()
        if isinstance(body, dict) and isinstance(body.get('error'), dict) and isinstance(body['error'].get('message'), str):
            return body['error'].get('code')
        return None


def call(method, path, token=None, body=None, port=PORT, timeout=CLIENT_TIMEOUT, form=None, auth=None):
    """One request on a fresh connection. Status 0 means no answer (refused, reset, timed out)."""
    headers = {'Connection': 'close'}
    if token:
        headers['Authorization'] = f'Bearer {token}'
    if auth:
        headers['Authorization'] = auth
    payload = None
    if body is not None:
        payload = json.dumps(body).encode()
        headers['Content-Type'] = 'application/json'
    if form is not None:
        payload = '&'.join(f'{k}={v}' for k, v in form).encode()
        headers['Content-Type'] = 'application/x-www-form-urlencoded'
    started = time.monotonic()
    connection = http.client.HTTPConnection('127.0.0.1', port, timeout=timeout)
    try:
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        data = response.read()
        return Answer(response.status, data, started, time.monotonic())
    except (OSError, http.client.HTTPException) as e:
        return Answer(0, str(e).encode(), started, time.monotonic())
    finally:
        connection.close()


def card_token():
    """Tokenises Stripe's always-approved test card the way Stripe.js does in the browser."""
    form = [('key', ENV['STRIPE_PUBLISHABLE_KEY']), ('card[number]', '4242424242424242'), ('card[exp_month]', '12'),
            ('card[exp_year]', '2034'), ('card[cvc]', '123')]
    answer = call('POST', '/v1/tokens', port=STRIPE_PORT, form=form)
    if answer.status != 200:
        raise RuntimeError(f'localstripe did not tokenise a card: {answer.status} {answer.body[:200]!r}')
    return answer.json()['id']


def order_body(book):
    return {'bookId': book, 'phone': '01812345678', 'location': 'Nilkhet'}


# --- Processes --------------------------------------------------------------------------------------------------------

class Server:
    """The release server, its output appended to WORK/server.log."""

    def __init__(self):
        self.process = None

    def start(self):
        log = open(os.path.join(WORK, 'server.log'), 'ab')
        self.process = subprocess.Popen([ENV['FAULTS_SERVER']], stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        started = time.monotonic()
        while time.monotonic() - started < 60:
            if self.process.poll() is not None:
                raise RuntimeError(f'the server exited with {self.process.returncode}; see {WORK}/server.log')
            if call('GET', '/api/ready', timeout=2).status == 200:
                return time.monotonic() - started
            time.sleep(0.05)
        raise RuntimeError('the server was not ready within 60 s')

    def signal(self, sig):
        self.process.send_signal(sig)

    def wait_exit(self, since, limit):
        """Seconds from `since` until the process exited, or None if it still runs `limit` s after (then it is killed)."""
        try:
            self.process.wait(timeout=max(0.0, since + limit - time.monotonic()))
            return time.monotonic() - since
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def pg_cluster(*args):
    subprocess.run([os.path.join(ROOT, 'scripts/pg-cluster.sh'), *args], check=True, stdout=subprocess.DEVNULL)


def localstripe(*args):
    return subprocess.run([os.path.join(ROOT, 'scripts/localstripe.sh'), *args], check=True, stdout=subprocess.PIPE,
                          text=True).stdout.strip()


def start_localstripe():
    localstripe('start', ENV['FAULTS_STRIPE_DIR'], str(STRIPE_PORT))
    # Registrations live in localstripe's memory only: again after every start.
    localstripe('webhook', STRIPE_BASE, 'faults', f'http://127.0.0.1:{PORT}/api/payments/stripe/webhook',
                ENV['STRIPE_WEBHOOK_SECRET'])


def psql(sql):
    return subprocess.run(['psql', '-qtAX', '-v', 'ON_ERROR_STOP=1', ENV['DATABASE_URL'], '-c', sql], check=True,
                          stdout=subprocess.PIPE, text=True).stdout.strip()


def seeded_id(name):
    """The id seed.sql gave the row it named `name`: md5(name)::uuid."""
    return str(uuid.UUID(hashlib.md5(name.encode()).hexdigest()))


def book_id(n):
    return seeded_id(f'faults-book-{n}')


# --- Load -------------------------------------------------------------------------------------------------------------

class Load:
    """Threads calling `targets` (name, method, path, token) round-robin until stopped; every answer is kept."""

    def __init__(self, targets, threads):
        self.targets, self.threads = targets, threads
        self.answers = []  # (target name, Answer)
        self.lock = threading.Lock()
        self.running = True
        self.workers = [threading.Thread(target=self.work, args=(i,), daemon=True) for i in range(threads)]

    def work(self, index):
        i = index
        while self.running:
            name, method, path, token = self.targets[i % len(self.targets)]
            answer = call(method, path, token=token, timeout=CLIENT_TIMEOUT)
            with self.lock:
                self.answers.append((name, answer))
            i += 1
            time.sleep(0.01)

    def __enter__(self):
        for worker in self.workers:
            worker.start()
        return self

    def __exit__(self, *_):
        self.running = False
        for worker in self.workers:
            worker.join()


def tally(answers):
    counts = {}
    for _, a in answers:
        key = str(a.status) if a.status else 'no answer'
        counts[key] = counts.get(key, 0) + 1
    return ', '.join(f'{n} x {k}' for k, n in sorted(counts.items())) or 'none'


# --- Drills -----------------------------------------------------------------------------------------------------------

def drill_database(server, tokens):
    print('database: PostgreSQL stopped under load, then started again', flush=True)
    token = tokens[0][1]
    targets = [('ready', 'GET', '/api/ready', None), ('categories', 'GET', '/api/categories', None),
               ('book', 'GET', f'/api/books/{book_id(1)}', None), ('my orders', 'GET', '/api/me/orders', token)]
    for name, method, path, tok in targets:
        answer = call(method, path, token=tok)
        if answer.status != 200:
            report(False, f'{name} answered {answer.status} before the outage (expected 200)')
            return
    with Load(targets, threads=8) as load:
        time.sleep(2)
        stop_began = time.monotonic()
        pg_cluster('stop', ENV['FAULTS_PG_DIR'])
        stopped = time.monotonic()
        time.sleep(4)
        start_began = time.monotonic()
        pg_cluster('start', ENV['FAULTS_PG_DIR'], ENV['FAULTS_PG_PORT'])
        back = time.monotonic()
        time.sleep(RECOVERY_LIMIT + 2)
    answers = load.answers
    print(f'  PostgreSQL took {stopped - stop_began:.1f} s to stop and {back - start_began:.1f} s to start; '
          f'{len(answers)} requests by 8 clients over {answers[-1][1].ended - answers[0][1].started:.0f} s', flush=True)

    stopping = [(n, a) for n, a in answers if a.ended > stop_began and a.started < stopped]
    down = [(n, a) for n, a in answers if a.started >= stopped and a.ended <= start_began]
    print(f'  answers while PostgreSQL was shutting down: {tally(stopping)}', flush=True)

    ready = [a for n, a in down if n == 'ready']
    first = ready[0] if ready else None
    report(first is not None and first.status == 503 and first.ended - stopped <= OUTAGE_ANSWER_LIMIT,
           f'ready answered {first.status if first else "nothing"} '
           f'{(first.ended - stopped) if first else float("nan"):.2f} s after PostgreSQL stopped '
           f'(limit {OUTAGE_ANSWER_LIMIT:.0f} s)')
    ready_ok = all(a.status == 503 and a.error_code() == 'unavailable' for a in ready)
    report(bool(ready) and ready_ok, f'ready while down: {tally([("ready", a) for a in ready])}, every one 503 unavailable')

    api = [(n, a) for n, a in down if n != 'ready']
    bad = [(n, a) for n, a in api if a.status != 503 or a.error_code() != 'unavailable']
    slowest = max((a.took for _, a in api), default=float('nan'))
    report(bool(api) and not bad and slowest <= OUTAGE_ANSWER_LIMIT,
           f'API calls while down: {tally(api)} (categories, book, my orders), '
           f'{len(api) - len(bad)} with the 503 unavailable error body, slowest {slowest:.2f} s '
           f'(limit {OUTAGE_ANSWER_LIMIT:.0f} s)')
    for n, a in bad[:3]:
        print(f'    {n}: {a.status} {a.body[:160]!r}')

    outage = [(n, a) for n, a in answers if a.ended > stop_began and a.started < back]
    slowest = max((a.took for _, a in outage), default=float('nan'))
    hung = [a for _, a in outage if a.status == 0]
    report(not hung and slowest <= OUTAGE_ANSWER_LIMIT,
           f'slowest answer from the stop to PostgreSQL back: {slowest:.2f} s, {len(hung)} unanswered '
           f'(limit {OUTAGE_ANSWER_LIMIT:.0f} s)')

    # Recovered: from some moment on, every request answers 200 (each target at least once).
    after = [(n, a) for n, a in answers if a.started >= back]
    last_failure = max((a.ended for _, a in after if a.status != 200), default=None)
    recovered_at = back if last_failure is None else last_failure
    healthy = {n for n, a in after if a.started >= recovered_at and a.status == 200}
    recovered_in = recovered_at - back
    report(len(healthy) == len(targets) and recovered_in <= RECOVERY_LIMIT,
           f'recovered {recovered_in:.2f} s after PostgreSQL was back, without a restart '
           f'(limit {RECOVERY_LIMIT:.0f} s; after it {tally([x for x in after if x[1].started >= recovered_at])})')


def drill_kill(server, tokens, books):
    print('kill: SIGKILL in the middle of an order and payment storm, then a restart', flush=True)
    buyers = tokens[1:41]
    storm_books = [book_id(n) for n in books]
    counts = {'placed': 0, 'paid': 0, 'cancelled': 0, 'taken': 0, 'cut off': 0, 'other': 0}
    lock = threading.Lock()
    running = [True]

    def count(what):
        with lock:
            counts[what] += 1

    def buyer(token):
        rng = random.Random(token)
        while running[0]:
            placed = call('POST', '/api/orders', token=token, body=order_body(rng.choice(storm_books)))
            if placed.status == 0:
                count('cut off')
                return
            if placed.status == 409:
                count('taken')
                if placed.error_code() == 'too_many_pending_orders':
                    return
                continue
            if placed.status not in (200, 201):
                count('other')
                continue
            count('placed')
            order = placed.json()['id']
            if rng.random() < 0.1:
                cancelled = call('POST', f'/api/orders/{order}/cancel', token=token)
                count('cancelled' if cancelled.status == 200 else 'cut off' if cancelled.status == 0 else 'other')
                continue
            try:
                card = card_token()
            except (RuntimeError, OSError):
                count('other')
                continue
            paid = call('POST', f'/api/orders/{order}/payment', token=token, body={'cardToken': card})
            if paid.status == 200 and paid.json().get('status') == 'succeeded':
                count('paid')
            else:
                count('cut off' if paid.status == 0 else 'other')
                if paid.status == 0:
                    return

    threads = [threading.Thread(target=buyer, args=(t,), daemon=True) for _, t in buyers]
    for t in threads:
        t.start()
    time.sleep(5)
    server.signal(signal.SIGKILL)
    killed_at = time.monotonic()
    server.process.wait()
    running[0] = False
    for t in threads:
        t.join(timeout=CLIENT_TIMEOUT + 5)
    print(f'  {len(buyers)} buyers over {len(storm_books)} books for 5 s, then SIGKILL: '
          + ', '.join(f'{v} {k}' for k, v in counts.items()), flush=True)
    states = psql("SELECT string_agg(status || ' ' || n, ', ' ORDER BY status) FROM "
                  "(SELECT status, count(*) AS n FROM orders GROUP BY status) s")
    print(f'  orders in the database after the kill: {states}', flush=True)
    report(counts['paid'] > 0 and counts['placed'] > 0, f'the storm placed {counts["placed"]} orders and paid {counts["paid"]} before the kill')

    took = server.start()
    print(f'  restarted and ready {took:.1f} s after starting ({time.monotonic() - killed_at:.1f} s after the kill)', flush=True)
    check_consistency('after the kill')

    # A card hold the provider made just before the kill, whose confirmation never reached the database: paying again
    # reads it back and holds the order (no second hold: the order has one PaymentIntent).
    attempted = psql("SELECT string_agg(o.id::text || ' ' || o.buyer_id::text, ',') FROM orders o "
                     "WHERE o.status = 'pending' AND o.payment_id IS NOT NULL")
    by_account = {seeded_id(f'faults-buyer-{number}'): token for number, token in tokens}
    repaid, left = 0, 0
    for pair in filter(None, attempted.split(',')):
        order, account = pair.split(' ')
        answer = call('POST', f'/api/orders/{order}/payment', token=by_account[account], body={'cardToken': card_token()})
        if answer.status == 200 and answer.json().get('status') == 'succeeded':
            repaid += 1
        else:
            left += 1
            print(f'    paying {order} again: {answer.status} {answer.body[:160]!r}')
    report(left == 0, f'{repaid} orders with a payment started before the kill: paying again settled every one')
    unpaid = charged_but_unpaid()
    report(not unpaid, f'orders the provider holds or charged but the database does not show held or paid: {len(unpaid)}')
    check_consistency('after paying again')


def charged_but_unpaid():
    rows = psql("SELECT string_agg(id::text || ' ' || payment_id || ' ' || status, ',') FROM orders WHERE payment_id IS NOT NULL")
    unpaid = []
    for row in filter(None, rows.split(',')):
        order, intent, status = row.split(' ')
        answer = call('GET', f'/v1/payment_intents/{intent}', port=STRIPE_PORT, auth=f'Bearer {ENV["STRIPE_SECRET_KEY"]}')
        at_provider = answer.json().get('status') if answer.status == 200 else None
        # A hold (requires_capture) must show as held; money taken (succeeded) as paid or completed.
        if (at_provider == 'requires_capture' and status != 'held') or (at_provider == 'succeeded' and status not in ('paid', 'completed')):
            unpaid.append(order)
    return unpaid


def check_consistency(when):
    rows = subprocess.run(['psql', '-qAX', '-v', 'ON_ERROR_STOP=1', '--pset=footer=off', ENV['DATABASE_URL'], '-f',
                           os.path.join(HERE, 'consistency.sql')], check=True, stdout=subprocess.PIPE, text=True).stdout
    lines = [line for line in rows.splitlines()[1:] if line.strip()]
    books = psql("SELECT string_agg(status || ' ' || n, ', ' ORDER BY status) FROM "
                 "(SELECT status, count(*) AS n FROM books GROUP BY status) s")
    report(not lines, f'consistency.sql {when}: {len(lines)} rows (books: {books})')
    for line in lines[:10]:
        print(f'    {line}')


def drill_provider(server, tokens, book):
    print('provider: localstripe stopped while a buyer pays, then started again', flush=True)
    token = tokens[-1][1]
    placed = call('POST', '/api/orders', token=token, body=order_body(book_id(book)))
    if placed.status != 201:
        report(False, f'placing the order answered {placed.status} {placed.body[:160]!r}')
        return
    order = placed.json()['id']
    card = card_token()
    localstripe('stop', ENV['FAULTS_STRIPE_DIR'])
    refused = call('POST', f'/api/orders/{order}/payment', token=token, body={'cardToken': card})
    message = (refused.json() or {}).get('error', {}).get('message', '') if refused.error_code() else ''
    report(refused.status in (502, 503) and refused.error_code() == 'unavailable' and 'not charged' in message,
           f'paying with the provider down answered {refused.status} {refused.error_code()} in {refused.took:.2f} s: "{message}"')
    status = call('GET', f'/api/orders/{order}', token=token).json().get('status')
    book_status = psql(f"SELECT status FROM books WHERE id = '{book_id(book)}'")
    report(status == 'pending' and book_status == 'pending', f'the order stayed {status} and its book {book_status}')
    start_localstripe()
    paid = call('POST', f'/api/orders/{order}/payment', token=token, body={'cardToken': card_token()})
    status = call('GET', f'/api/orders/{order}', token=token).json().get('status')
    report(paid.status == 200 and (paid.json() or {}).get('status') == 'succeeded' and status == 'held',
           f'with localstripe back, paying again answered {paid.status} {(paid.json() or {}).get("status")}; the order is {status}')
    check_consistency('after the provider drill')


def raw_request(method, path, token, body):
    """Request head, then the body split in two halves: a client still sending when SIGTERM arrives."""
    payload = json.dumps(body).encode()
    head = (f'{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nAuthorization: Bearer {token}\r\n'
            f'Content-Type: application/json\r\nContent-Length: {len(payload)}\r\nConnection: close\r\n\r\n').encode()
    half = len(payload) // 2
    return head + payload[:half], payload[half:]


def read_status(sock):
    sock.settimeout(CLIENT_TIMEOUT)
    data = b''
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    status = int(data.split(b' ', 2)[1]) if data.startswith(b'HTTP/1.1 ') else 0
    body = data.split(b'\r\n\r\n', 1)[1] if b'\r\n\r\n' in data else b''
    return status, body


def keep_alive_clients(count):
    """Connections that made one request and now sit idle, as browsers leave them."""
    socks = []
    for _ in range(count):
        s = socket.create_connection(('127.0.0.1', PORT))
        s.sendall(f'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\n\r\n'.encode())
        s.settimeout(5)
        s.recv(65536)
        socks.append(s)
    return socks


def drill_sigterm(server, tokens, books, stuck_book):
    print('sigterm: requests in flight finish, then the process exits', flush=True)
    # Payments in flight: each client has sent half its body when SIGTERM arrives and the rest a second later.
    payers = tokens[41:51]
    clients = []
    for (_, token), n in zip(payers, books):
        placed = call('POST', '/api/orders', token=token, body=order_body(book_id(n)))
        if placed.status != 201:
            report(False, f'placing an order for the SIGTERM drill answered {placed.status}')
            return
        first, rest = raw_request('POST', f'/api/orders/{placed.json()["id"]}/payment', token, {'cardToken': card_token()})
        sock = socket.create_connection(('127.0.0.1', PORT))
        sock.sendall(first)
        clients.append((sock, rest))
    idle = keep_alive_clients(20)
    time.sleep(0.3)
    server.signal(signal.SIGTERM)
    signalled = time.monotonic()
    time.sleep(1)
    for sock, rest in clients:
        sock.sendall(rest)
    results = [read_status(sock) for sock, _ in clients]
    finished = time.monotonic() - signalled
    succeeded = sum(1 for status, body in results if status == 200 and b'"succeeded"' in body)
    exited = server.wait_exit(signalled, EXIT_LIMIT + 5)
    refused = call('GET', '/api/health', timeout=2).status == 0
    for sock in idle:
        sock.close()
    report(succeeded == len(clients),
           f'{succeeded} of {len(clients)} payments in flight at SIGTERM answered 200 succeeded '
           f'(the last {finished:.1f} s after the signal); 20 idle keep-alive connections open')
    report(exited is not None and exited <= EXIT_LIMIT and server.process.returncode == 0,
           f'the process exited {exited if exited is not None else float("nan"):.2f} s after SIGTERM with status '
           f'{server.process.returncode} (limit {EXIT_LIMIT:.0f} s); new connections refused: {refused}')

    # A client that sends half a request and then nothing: only the shutdown deadline ends its connection.
    server.start()
    token = tokens[51][1]
    placed = call('POST', '/api/orders', token=token, body=order_body(book_id(stuck_book)))
    first, _ = raw_request('POST', f'/api/orders/{placed.json()["id"]}/payment', token, {'cardToken': 'tok_never_sent'})
    stuck = socket.create_connection(('127.0.0.1', PORT))
    stuck.sendall(first)
    idle = keep_alive_clients(5)
    time.sleep(0.3)
    server.signal(signal.SIGTERM)
    exited = server.wait_exit(time.monotonic(), EXIT_LIMIT + 5)
    stuck.close()
    for sock in idle:
        sock.close()
    report(exited is not None and exited <= EXIT_LIMIT,
           f'with a client stuck mid-request, the process exited {exited if exited is not None else float("nan"):.2f} s '
           f'after SIGTERM with status {server.process.returncode} (limit {EXIT_LIMIT:.0f} s)')


def main():
    tokens = []
    with open(ENV['FAULTS_TOKENS']) as f:
        for line in f:
            number, token = line.split()
            tokens.append((number, token))
    books = int(ENV['FAULTS_BOOKS'])
    # The storm gets most books; the later drills each take their own few from the end.
    storm_books = list(range(1, books - 19))
    sigterm_books = list(range(books - 19, books - 9))
    stuck_book = books - 9
    provider_book = books

    server = Server()
    try:
        took = server.start()
        print(f'server ready in {took:.1f} s on port {PORT}', flush=True)
        # After the server's first start, which migrated the empty database.
        subprocess.run(['psql', '-qX', '-v', 'ON_ERROR_STOP=1', '-v', f'buyers={len(tokens)}', '-v', f'books={books}',
                        ENV['DATABASE_URL'], '-f', os.path.join(HERE, 'seed.sql')], check=True, stdout=subprocess.DEVNULL)
        print(f'{len(tokens)} buyers, 1 seller and {books} books created in SQL', flush=True)
        drill_database(server, tokens)
        drill_kill(server, tokens, storm_books)
        drill_provider(server, tokens, provider_book)
        drill_sigterm(server, tokens, sigterm_books, stuck_book)
    except Exception as e:  # noqa: BLE001 - any crash of the drill itself is a failure to report, not a traceback
        report(False, f'the drill stopped: {type(e).__name__}: {e}')
    finally:
        server.stop()
    if failures:
        print(f'FAIL: {len(failures)} check(s) failed; the server log is in {WORK}/server.log', flush=True)
        return 1
    print('PASS: every fault drill held', flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
