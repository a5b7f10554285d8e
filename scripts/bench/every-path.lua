-- GET BENCH_PREFIX .. line for every line of BENCH_LINES once, the lines shared out between wrk's threads, then
-- stop: a warm-up that leaves every page read once, as a shop that has been running a while has them. wrk itself
-- runs for its whole duration, so each thread, once its share is answered, writes BENCH_DONE.<n> for the caller
-- to notice and stop it.
local lines = {}
local prefix = os.getenv("BENCH_PREFIX") or ""
local threads = tonumber(os.getenv("BENCH_THREADS") or "1")
local counter = 0
local next_line, sent, answered, finished = 0, 0, 0, false

function setup(thread)
  thread:set("first", counter)
  counter = counter + 1
end

function init(args)
  for line in io.lines(os.getenv("BENCH_LINES")) do
    lines[#lines + 1] = line
  end
  next_line = first + 1
end

function request()
  local line = lines[next_line]
  if line == nil then
    -- This thread's share is sent; repeat its last page until every answer is in.
    line = lines[#lines]
  else
    sent = sent + 1
    next_line = next_line + threads
  end
  return wrk.format("GET", prefix .. line)
end

function response(status, headers, body)
  answered = answered + 1
  if next_line > #lines and answered >= sent and not finished then
    finished = true
    local mark = io.open(os.getenv("BENCH_DONE") .. "." .. first, "w")
    mark:close()
    wrk.thread:stop()
  end
end
