-- POST /api/orders, each request with its own "<access token> <book id>" line of BENCH_LINES, so that every order
-- is for a different available book and no buyer goes past the pending-order limit. Each wrk thread takes every
-- n-th line; a thread that runs out starts over (those repeats answer 409 and count as errors).
local lines = {}
local next_line = 1
local counter = 0

function setup(thread)
  thread:set("index", counter)
  counter = counter + 1
end

function init(args)
  local threads = tonumber(os.getenv("BENCH_THREADS") or "1")
  local n = 0
  for line in io.lines(os.getenv("BENCH_LINES")) do
    if n % threads == index then
      lines[#lines + 1] = line
    end
    n = n + 1
  end
end

function request()
  local line = lines[next_line]
  next_line = next_line % #lines + 1
  local token, book = line:match("^(%S+) (%S+)$")
  local body = '{"bookId":"' .. book .. '","phone":"01712-345678","location":"TSC, Dhaka University"}'
  return wrk.format("POST", "/api/orders", { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }, body)
end

function response(status, headers, body)
  if status ~= 201 and status ~= 200 and not reported then
    reported = true
    io.stderr:write("orders: first non-2xx answer " .. status .. ": " .. body .. "\n")
  end
end
