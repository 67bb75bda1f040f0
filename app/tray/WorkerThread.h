#pragma once

#include <QObject>
#include <QThread>

#include <utility>

// Runs `work` on a thread of its own (reading a store, walking a cache, running git: never the
// GUI thread's), then `done` on context's thread. A context deleted meanwhile drops `done` with its
// connection; the thread still ends and deletes itself.
template <typename Work, typename Done> void runInWorker(QObject *context, Work work, Done done)
{
    QThread *worker = QThread::create(std::move(work));
    QObject::connect(worker, &QThread::finished, context, std::move(done));
    QObject::connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}
