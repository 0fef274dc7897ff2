// The main window's central widget: one SessionPage per open session, as tabs. The tab bar shows once two
// sessions are open; a tab is named after its session's file, or after the host a recording on several
// machines made it on. There is always one page: closing the last one leaves an empty page in its place.
#pragma once

#include <QHash>
#include <QTabWidget>

namespace perfglass {

class FrameActions;
class SessionPage;

class SessionTabs : public QTabWidget {
    Q_OBJECT
public:
    // New pages share the window's frame actions and its Clear Filter action.
    SessionTabs(FrameActions *frameActions, QAction *clearFilter, QWidget *parent = nullptr);

    SessionPage *currentPage() const;
    QList<SessionPage *> pages() const;
    // The page whose open session was read from PATH, or null.
    SessionPage *pageShowing(const QString &path) const;
    // The page shown when it is empty (and loads nothing), else a new one.
    SessionPage *pageForNewFile();
    // The page showing PATH, else pageForNewFile().
    SessionPage *pageFor(const QString &path);
    // A new empty page, shown, laid out as the page layout saved last (LAYOUT; may be empty).
    SessionPage *addPage(const QByteArray &layout);
    // Closes PAGE (the window does on tabCloseRequested); it is deleted once its signals are delivered.
    void closePage(SessionPage *page);
    // PAGE's tab says which file it shows (the host it was recorded on, for a file setRecordedHost named).
    void nameAfterFile(SessionPage *page);
    // The session at PATH was recorded on HOST: its tab is named after the host.
    void setRecordedHost(const QString &path, const QString &host);

signals:
    // A page was made: the window connects it before it opens anything.
    void pageAdded(perfglass::SessionPage *page);

private:
    FrameActions *frameActions_;
    QAction *clearFilter_;
    QByteArray layout_;                     // the layout new pages start with
    QHash<QString, QString> recordedHosts_; // absolute session path -> the host it was recorded on
};

} // namespace perfglass
