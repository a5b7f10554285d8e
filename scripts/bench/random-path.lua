-- GET a path built from a random line of BENCH_LINES: BENCH_PREFIX .. line .. BENCH_SUFFIX. A line may hold
-- "{page}", replaced by a random page from 1 to BENCH_PAGES (pages deep into a list included).
local lines = {}
local prefix, suffix = os.getenv("BENCH_PREFIX") or "", os.getenv("BENCH_SUFFIX") or ""
local pages = tonumber(os.getenv("BENCH_PAGES") or "1")

function setup(thread)
  thread:set("seed", math.random(1, 2147483647))
end

function init(args)
  for line in io.lines(os.getenv("BENCH_LINES")) do
    lines[#lines + 1] = line
  end
  math.randomseed(seed or os.time())
end

function request()
  local path = prefix .. lines[math.random(#lines)] .. suffix
  path = path:gsub("{page}", tostring(math.random(pages)))
  return wrk.format("GET", path)
end
