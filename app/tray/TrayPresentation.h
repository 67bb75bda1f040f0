#pragma once

#include "RunnerStatus.h"
#include <runnercore/work/RunSummary.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QUrl>

// What a person sees at a glance: one icon per kind of situation, never one per internal state.
// Paused: draining because of the machine alone (battery, metered network); it resumes by itself.
enum class TrayVisual { NotPaired, Connecting, Ready, Running, Draining, Paused, Stopped, Attention, Error };

// The icon, tooltip and status line for one snapshot.
struct TrayView
{
    TrayVisual visual = TrayVisual::Stopped;
    QString iconName; // "tray-ready": resources/icons/tray-ready.svg, shown through StateIcons
    QString statusLine; // one line, for the menu's first entry and the status window's heading
    QString tooltip; // plain text, one fact per line
};

// One pending approval as the menu offers it.
struct ApprovalEntry
{
    QString approvalId;
    QString text;
    // Where it is decided; empty when neither the approval nor the dashboard has a link that may be opened
    // (ControlPlaneLink), and then text says why.
    QUrl url;

    bool operator==(const ApprovalEntry &) const = default;
};

// Which of the Runner's actions the menu offers for one snapshot, and how they read.
struct TrayActions
{
    enum class RunnerAction { Start, Stop, StopNow };

    bool drainVisible = false;
    bool drainEnabled = false;
    bool drainResumes = false; // the action resumes (the Runner is draining)
    QString drainText;
    RunnerAction runnerAction = RunnerAction::Start;
    bool runnerActionEnabled = false;
    QString runnerActionText;
    bool dashboardEnabled = false;
    QUrl dashboardUrl; // links.dashboard when it may be opened (ControlPlaneLink)
    QString dashboardText; // "Open dashboard", with the host when it is not the endpoint's, or why it is not opened
    // "Pair this machine…" while there is no usable pairing; "Unpair…" while there is one.
    bool pairVisible = false;
    bool unpairVisible = false;
    QList<ApprovalEntry> approvals;
};

// One run as the activity view shows it: every text safe to show as plain text.
struct RunEntry
{
    QString runId;
    QString title; // control characters removed, elided
    QString fullTitle; // control characters removed
    QString driver; // "oneshot", "acp"
    QString tier; // the sandbox tier it runs in, or "none" (refused)
    QString time; // running: how long it has run; ended: how long it ran
    QString outcome; // ended runs only
    QString reason; // ended runs only; empty when there is none
    QUrl link; // the Session in the dashboard; empty when not known
    // Running: what materialising its mounts is doing ("Fetching … · Receiving objects 43 %"),
    // empty once the harness runs; the repository and short commit it works on.
    QString phase;
    QString repository;
    QString platformTools; // "Platform tools: 3 calls" once the run used any (§6.10); else empty
};

// RunnerStatus → what the tray shows. Pure: no widget, no clock of its own (the caller says
// what "now" is), so every state is tested without a display.
class TrayPresentation
{
    Q_DECLARE_TR_FUNCTIONS(TrayPresentation)
public:
    static TrayVisual visualFor(const RunnerStatus &status);
    static QString iconName(TrayVisual visual);
    static QList<TrayVisual> allVisuals();

    static TrayView present(const RunnerStatus &status, const QDateTime &now);
    static QString statusLine(const RunnerStatus &status, const QDateTime &now);
    static QString tooltip(const RunnerStatus &status, const QDateTime &now);
    static TrayActions actions(const RunnerStatus &status);

    // Facts the tooltip and the status window share; each says "not known" rather than nothing.
    static QString endpointText(const RunnerStatus &status);
    static QString machineText(const RunnerStatus &status);
    static QString sandboxText(const RunnerStatus &status);
    static QString lastContactText(const RunnerStatus &status, const QDateTime &now);
    // Empty when no retry is pending or its time is not known.
    static QString nextRetryText(const RunnerStatus &status, const QDateTime &now);
    static QString slotsText(const RunnerStatus &status);
    // The Runner's own sentence where it explains something (why offline, why it failed); empty
    // where it would only repeat what the other facts say ("Connected to …").
    static QString explanation(const RunnerStatus &status);
    // Why a Runner that drains because of the machine takes no work: "Paused: on battery (18 %)";
    // empty when a person's drain (or none) holds.
    static QString pausedText(const RunnerStatus &status);
    // After a wake the core saw in the last WakeNewsMs: "The computer slept for 2 h 07 min; 1 run was lost".
    static constexpr qint64 WakeNewsMs = 30 * 60 * 1000;
    static QString wakeText(const RunnerStatus &status, const QDateTime &now);
    // "The computer slept for 2 h 07 min; 1 run was lost." (the notification's words too).
    static QString sleepText(qint64 sleptMs, int runsLost);
    // "1 run", "3 runs".
    static QString runsText(int count);
    // The menu's entry to the activity view, with how many runs are going.
    static QString activityActionText(int running);
    // A run in the activity view; `now` gives a running run's elapsed time.
    static RunEntry runEntry(const runnercore::RunSummary &run, const QDateTime &now);
    // A title from the control plane, made safe to show: no control or direction-changing
    // characters, white space collapsed; "untitled run" when nothing is left.
    static QString safeTitle(const QString &title);
    // "42 s", "3 min 05 s", "2 h 07 min".
    static QString durationText(qint64 ms);
    static QString outcomeText(const QString &outcome);
    // The settle reason (§6.6) in words; an unknown code as it is.
    static QString reasonText(const QString &reason);
    // A time of day in the default locale, with the date when it is not today.
    static QString formatMoment(const QDateTime &moment, const QDateTime &now);
};
