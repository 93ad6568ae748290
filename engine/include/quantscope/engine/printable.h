// SPDX-License-Identifier: MIT
// Names in a model file (nodes, values, inputs) are arbitrary bytes: messages quote them escaped, so an error never
// copies raw control bytes or invalid UTF-8 into a terminal or a report.
#pragma once

#include <string>
#include <string_view>

namespace qs {

/// `text` safe to print on a terminal or in a report: control bytes, DEL and bytes that are not valid UTF-8 become
/// \xNN (a backslash becomes \\); valid UTF-8 stays as it is. Names in a model file are arbitrary bytes.
/// With keepNewlines (whole messages), '\n' and backslashes pass: a message may be multi-line and may already hold
/// escaped names.
std::string escapeNonPrintable(std::string_view text, bool keepNewlines = false);
/// A name from a file, escaped and in single quotes: 'b\xd6tch_norm_16.w_1'. Use it wherever a message quotes a
/// file-provided name (node, value, input, attribute, path inside the model).
std::string quotedName(std::string_view name);

} // namespace qs
