// The only file that instantiates Catch2's main: its header is slow to compile, so it is built once.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {

#if defined(__GLIBC__)
// glibc serves a block over 32 MB with mmap and unmaps it when freed, so each such block is fresh pages the kernel
// must fault in and zero: the accuracy sweeps allocate 96 MB per chunk (a float table and its float64 reference),
// about a million page faults, which made the native suite 27 s instead of 7.5 (console reporter). Served from the heap
// and kept there once freed, the blocks are reused. (Under ASan its own allocator serves, and mallopt does nothing;
// Emscripten's malloc is dlmalloc on one heap.)
const bool large_blocks_reused = mallopt(M_MMAP_MAX, 0) == 1 && mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1;
#endif

// ctest runs the suites with `-r lean-junit -o <file>` (CMakeLists.txt, the reporter below), which leaves the console
// empty: Catch2 v2 takes one reporter. Under any reporter but the console ones, this listener prints each failed
// assertion to stderr, and a closing count to stdout, so a run's log still says what failed.
struct ConsoleEcho : Catch::TestEventListenerBase {
  using TestEventListenerBase::TestEventListenerBase;

  bool active() const {
    const auto* config = dynamic_cast<const Catch::Config*>(m_config.get());
    if (config == nullptr) return false;
    const std::string& reporter = config->getReporterName();
    return reporter != "console" && reporter != "compact";
  }

  bool assertionEnded(Catch::AssertionStats const& stats) override {
    const Catch::AssertionResult& r = stats.assertionResult;
    if (r.isOk() || !active()) return true;
    std::ostringstream out;
    std::string where;
    for (const Catch::SectionInfo& s : m_sectionStack) where += (where.empty() ? "" : " / ") + s.name;
    out << r.getSourceInfo() << ": FAILED: " << where << "\n";
    if (r.hasExpression()) {
      out << "  " << r.getExpressionInMacro() << "\n";
      if (r.hasExpandedExpression()) out << "  with expansion: " << r.getExpandedExpression() << "\n";
    }
    if (!r.getMessage().empty()) out << "  " << r.getMessage() << "\n";
    for (const Catch::MessageInfo& info : stats.infoMessages)
      if (info.message != r.getMessage()) out << "  with " << info.message << "\n";
    // stdio, not std::cerr: the junit reporter captures std::cerr inside a test case
    std::fputs(out.str().c_str(), stderr);
    return true;
  }

  void testRunEnded(Catch::TestRunStats const& stats) override {
    if (active()) {
      const Catch::Counts& cases = stats.totals.testCases;
      std::cout << stats.runInfo.name << ": " << cases.passed << " test cases passed, " << cases.failed << " failed ("
                << stats.totals.assertions.total() << " assertions)" << std::endl;
    }
    TestEventListenerBase::testRunEnded(stats);
  }
};

// Catch2's JUnit reporter, without its cost per passed assertion: it stores every assertion of a section, and first
// turns each into its expanded text, though it writes only the failed ones (JunitReporter::writeAssertion); the
// suites make some 750,000 that pass, which made the reporter nearly half of a sanitized suite's run (shard 2 of
// scripts/sanitize.sh: 21.8 s under `-r junit`, 12.2 s under `-r compact`). A section's first assertion is kept, as
// the base writes a section's <testcase> only when it holds one, and every failure; the XML is the same.
struct LeanJunitReporter : Catch::JunitReporter {
  using JunitReporter::JunitReporter;
  static std::string getDescription() { return "Catch2's junit reporter, keeping only what it writes"; }

  bool assertionEnded(Catch::AssertionStats const& stats) override {
    // Only what passed is dropped: an exception, even one a CHECK_NOFAIL lets pass, goes on (the base counts it).
    const bool passed = stats.assertionResult.getResultType() == Catch::ResultWas::Ok;
    if (passed && !m_sectionStack.back()->assertions.empty()) return true;
    return JunitReporter::assertionEnded(stats);
  }
};

}  // namespace

CATCH_REGISTER_LISTENER(ConsoleEcho)
CATCH_REGISTER_REPORTER("lean-junit", LeanJunitReporter)
