// Text and JSON renderings of a FunctionAnnotation (perfglass-cli annotate). Percentages: "percent" is the
// share of the function's own cost (samples whose leaf is in it), as perf annotate counts it;
// "inclusivePercent" the share of its inclusive cost (samples that pass through it).
#pragma once

#include "annotate/FunctionAnnotation.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace perfglass::cli {

enum class AnnotationParts { Asm, Source, Both };

struct AnnotationReportOptions {
    AnnotationParts parts = AnnotationParts::Both;
    size_t limit = 0; // only the N hottest instructions (Asm, Both) or lines (Source); 0: all
};

nlohmann::json annotationToJson(const FunctionAnnotation &annotation, const AnnotationReportOptions &options);
void printAnnotation(std::FILE *out, const FunctionAnnotation &annotation,
                     const AnnotationReportOptions &options);

} // namespace perfglass::cli
