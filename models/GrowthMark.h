// How the views name a session that is not whole: a large file still being read in steps, a stream or a
// recording the views follow as it grows, a stream the user stopped following. One wording for the flame
// graph's bar (badge), the Summary's sample count (samplesNote) and their tool tips.
#pragma once

#include "SessionFile.h"

#include <QString>

namespace perfglass {

struct GrowthMark {
    QString badge;   // "Partial: 23 % read", "Live: 12.3 s recorded", "Stopped: 12.3 s read"; empty: whole
    QString toolTip; // what the badge means
    // After the sample count: "so far (23 % of the file read)", "so far (still arriving)", "(the rest of
    // the stream was not read)"; empty: whole.
    QString samplesNote;

    bool isEmpty() const { return badge.isEmpty(); }
    static GrowthMark of(const SessionFile &file);
};

} // namespace perfglass
