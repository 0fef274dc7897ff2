#include "SessionTabs.h"

#include "HeapRetention.h"
#include "SessionDocument.h"
#include "SessionPage.h"

#include <QDir>
#include <QFileInfo>

namespace perfglass {

SessionTabs::SessionTabs(FrameActions *frameActions, QAction *clearFilter, QWidget *parent)
    : QTabWidget(parent)
    , frameActions_(frameActions)
    , clearFilter_(clearFilter) {
    setObjectName(QStringLiteral("sessionTabs"));
    setDocumentMode(true);
    setTabsClosable(true);
    setMovable(true);
    setTabBarAutoHide(true);
}

SessionPage *SessionTabs::currentPage() const {
    return qobject_cast<SessionPage *>(currentWidget());
}

QList<SessionPage *> SessionTabs::pages() const {
    QList<SessionPage *> result;
    for (int i = 0; i < count(); ++i)
        result << qobject_cast<SessionPage *>(widget(i));
    return result;
}

SessionPage *SessionTabs::pageShowing(const QString &path) const {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (SessionPage *page : pages())
        if (page->document()->isOpen() && page->document()->file()->path == absolute) return page;
    return nullptr;
}

SessionPage *SessionTabs::pageForNewFile() {
    SessionPage *page = currentPage();
    if (page && !page->document()->isOpen() && !page->document()->isLoading()) return page;
    return addPage(layout_);
}

SessionPage *SessionTabs::pageFor(const QString &path) {
    SessionPage *showing = pageShowing(path);
    return showing ? showing : pageForNewFile();
}

SessionPage *SessionTabs::addPage(const QByteArray &layout) {
    layout_ = layout;
    auto *page = new SessionPage(frameActions_, clearFilter_, this);
    if (!layout.isEmpty()) page->restoreLayout(layout);
    emit pageAdded(page);
    addTab(page, tr("No session"));
    setCurrentWidget(page);
    return page;
}

void SessionTabs::closePage(SessionPage *page) {
    if (!page) return;
    page->document()->cancel();
    const int index = indexOf(page);
    if (count() == 1) addPage(layout_);
    removeTab(index);
    page->hide();
    page->setParent(nullptr); // gone from the window now; deleted once its signals are delivered
    // Its profile and trees are freed with it (or with the last job still holding them, whose memory then
    // waits for the next close); the heap keeps freed memory otherwise (HeapRetention).
    connect(page, &QObject::destroyed, this, &HeapRetention::returnFreedMemorySoon);
    page->deleteLater();
}

void SessionTabs::nameAfterFile(SessionPage *page) {
    const QString path = page->document()->file()->path;
    const QString host = recordedHosts_.value(QFileInfo(path).absoluteFilePath());
    setTabText(indexOf(page), host.isEmpty() ? page->document()->file()->shownName() : host);
    setTabToolTip(indexOf(page), host.isEmpty()
                                     ? QDir::toNativeSeparators(path)
                                     : tr("Recorded on %1: %2").arg(host, QDir::toNativeSeparators(path)));
}

void SessionTabs::setRecordedHost(const QString &path, const QString &host) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (host.isEmpty())
        recordedHosts_.remove(absolute);
    else
        recordedHosts_.insert(absolute, host);
}

} // namespace perfglass
