#include "RunActivity.h"

using namespace runnercore;

void RunActivity::addEnded(const RunSummary &run)
{
    m_running.removeIf([&](const RunSummary &r) { return r.runId == run.runId; });
    // One entry per run, even if a run were reported twice.
    m_recent.removeIf([&](const RunSummary &r) { return r.runId == run.runId; });
    m_recent.prepend(run);
    if (m_recent.size() > MaxRecent)
        m_recent.resize(MaxRecent);
}
