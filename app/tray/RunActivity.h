#pragma once

#include <runnercore/work/RunSummary.h>

#include <QList>

// The runs on this machine as the tray shows them: those going now, oldest first, and the last
// MaxRecent that ended, newest first. Titles and metadata only (RunSummary), never content.
//
// The history lives in memory for the tray's lifetime and is not written to disk: a title can be
// derived from a ZDR run's prompt, and §6.6 lets a Runner keep only content-free metadata of such
// runs; the dashboard is the lasting record.
class RunActivity
{
public:
    static constexpr int MaxRecent = 20;

    // What the Runner holds now (Runner::runs()).
    void setRunning(const QList<runnercore::RunSummary> &runs) { m_running = runs; }
    // A run ended (Runner::runEnded): it leaves the running ones and heads the history.
    void addEnded(const runnercore::RunSummary &run);
    // A new Runner holds none of the old one's runs; the history stays.
    void clearRunning() { m_running.clear(); }

    const QList<runnercore::RunSummary> &running() const { return m_running; }
    const QList<runnercore::RunSummary> &recent() const { return m_recent; }

private:
    QList<runnercore::RunSummary> m_running;
    QList<runnercore::RunSummary> m_recent;
};
