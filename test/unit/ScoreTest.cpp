//===- ScoreTest.cpp - GraphNet S(t) / ES(t) scoring ---------------------===//
#include "gn/Eval/Score.h"
#include "gn/Eval/Tolerance.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>

using namespace mlir::gn::eval;

namespace {

/// An "ok" sample correct for every t >= firstCorrect (recorded for t in
/// [-10, 0]); firstCorrect > 0 means incorrect at every recorded t.
SampleRecord ok(const std::string &name, std::optional<double> speedup,
                int firstCorrect = -10) {
  SampleRecord r;
  r.sample = name;
  r.status = Status::Ok;
  r.speedup = speedup;
  for (int t = -10; t <= 0; ++t)
    r.correctAt[t] = t >= firstCorrect;
  return r;
}

SampleRecord failed(const std::string &name, Status status) {
  SampleRecord r;
  r.sample = name;
  r.status = status;
  return r;
}

const ScoreRow &rowAt(const std::vector<ScoreRow> &rows, int t) {
  for (const ScoreRow &r : rows)
    if (r.t == t)
      return r;
  ADD_FAILURE() << "no row for t = " << t;
  return rows.front();
}

void expectRel(double actual, double expected, double rel = 1e-10) {
  EXPECT_NEAR(actual, expected, rel * std::max(1.0, std::fabs(expected)))
      << "actual " << actual << " expected " << expected;
}

std::string tempPath(const std::string &name) {
  return std::string(testing::TempDir()) + "gn_score_test_" + name;
}

std::string writeTemp(const std::string &name, const std::string &text) {
  std::string path = tempPath(name);
  std::ofstream f(path, std::ios::binary);
  f << text;
  return path;
}

} // namespace

//===----------------------------------------------------------------------===//
// Macro form == per-sample form
//===----------------------------------------------------------------------===//

/// A random result set: mixed statuses, slower and faster samples, nested
/// correctness, some records with correct_at["1"], some with holes, some "ok"
/// samples without a usable speedup.
std::vector<SampleRecord> randomRecords(std::mt19937 &rng) {
  std::uniform_int_distribution<int> count(1, 60);
  std::uniform_int_distribution<int> kind(0, 99);
  std::uniform_real_distribution<double> logSpeed(std::log(0.05),
                                                  std::log(20.0));
  std::uniform_int_distribution<int> firstCorrect(-11, 2);
  std::vector<SampleRecord> out;
  int n = count(rng);
  for (int i = 0; i < n; ++i) {
    std::string name = "s" + std::to_string(i);
    int k = kind(rng);
    if (k < 8) {
      out.push_back(failed(name, Status::RuntimeError));
    } else if (k < 16) {
      out.push_back(failed(name, Status::CompileError));
    } else if (k < 20) {
      out.push_back(failed(name, Status::EagerError));
    } else {
      std::optional<double> s = std::exp(logSpeed(rng));
      if (k < 23)
        s.reset(); // ok without a speedup
      else if (k == 23)
        s = 1.0; // exactly eager speed: not a slowdown
      SampleRecord r = ok(name, s, firstCorrect(rng));
      int fc = firstCorrect(rng);
      if (k % 3 == 0)
        r.correctAt[1] = fc <= 1 || r.correctAt[0];
      if (k % 7 == 0)
        r.correctAt.erase(
            -(std::abs(fc) % 11)); // a hole: missing means incorrect
      out.push_back(r);
    }
  }
  return out;
}

TEST(Score, MacroEqualsPerSampleOnRandomSets) {
  const double ps[] = {0, 0.5, 1, 2};
  const double bs[] = {0.1, 0.01, 0.5, 1};
  int checked = 0;
  for (unsigned seed = 1; seed <= 300; ++seed) {
    std::mt19937 rng(seed);
    std::vector<SampleRecord> records = randomRecords(rng);
    ScoreOptions opts;
    opts.p = ps[seed % 4];
    opts.b = bs[(seed / 4) % 4];
    opts.tolerateEagerErrorsFromT3 = seed % 5 == 0;
    if (seed % 2) { // half the sets under mismatch_extended, some with NaNs
      ASSERT_TRUE(parseScheme("mismatch_extended", opts));
      for (size_t i = 0; i < records.size(); i += 3)
        records[i].mismatch = i % 2 ? "nan" : "shape_mismatch";
    }
    std::vector<ScoreRow> rows = computeScores(records, opts);
    ASSERT_EQ(rows.size(), seed % 2 ? 16u : 15u);
    for (const ScoreRow &row : rows) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " t " +
                   std::to_string(row.t));
      double es = errorAwareSpeedupScorePerSample(records, row.t, opts);
      expectRel(row.ES, es, 1e-9);
      if (row.t <= 0) {
        ASSERT_TRUE(row.S.has_value());
        expectRel(*row.S, speedupScorePerSample(records, row.t, opts), 1e-9);
        expectRel(row.ES, *row.S, 1e-12);
        EXPECT_EQ(row.gamma, opts.b);
      } else {
        EXPECT_FALSE(row.S.has_value());
      }
      EXPECT_GE(row.lambda, 0);
      EXPECT_LE(row.lambda, 1);
      EXPECT_GE(row.eta, 0);
      EXPECT_LE(row.eta, 1);
      EXPECT_LE(row.beta, 1);
      ++checked;
    }
    // For t >= 1 the statistics are frozen at t = 1.
    for (int t = 2; t <= 4; ++t) {
      EXPECT_EQ(rowAt(rows, t).alpha, rowAt(rows, 1).alpha);
      EXPECT_EQ(rowAt(rows, t).lambda, rowAt(rows, 1).lambda);
    }
  }
  EXPECT_EQ(checked, 150 * 15 + 150 * 16); // mismatch_extended scores t = 5 too
}

TEST(Score, CustomToleranceRange) {
  std::vector<SampleRecord> records = {ok("a", 2.0), ok("b", 0.5, -3)};
  ScoreOptions opts;
  opts.tMin = -4;
  opts.tMax = 1;
  std::vector<ScoreRow> rows = computeScores(records, opts);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows.front().t, -4);
  EXPECT_EQ(rows.back().t, 1);
}

//===----------------------------------------------------------------------===//
// Edge cases
//===----------------------------------------------------------------------===//

TEST(Score, EmptySet) {
  ScoreOptions opts;
  std::vector<ScoreRow> rows = computeScores({}, opts);
  ASSERT_EQ(rows.size(), 15u);
  for (const ScoreRow &r : rows) {
    EXPECT_EQ(r.alpha, 1);
    EXPECT_EQ(r.beta, 1);
    EXPECT_EQ(r.lambda, 0);
    EXPECT_EQ(r.eta, 0);
    EXPECT_EQ(r.gamma, 0.1);
    EXPECT_EQ(r.ES, 0.1);
    if (r.t <= 0) {
      ASSERT_TRUE(r.S.has_value());
      EXPECT_EQ(*r.S, 0.1);
    } else {
      EXPECT_FALSE(r.S.has_value());
    }
    EXPECT_EQ(speedupScorePerSample({}, r.t, opts), 0.1);
    EXPECT_EQ(errorAwareSpeedupScorePerSample({}, r.t, opts), 0.1);
  }
}

TEST(Score, AllFailed) {
  // 2 accuracy errors (ran, never correct), 1 runtime crash, 1 compile failure.
  std::vector<SampleRecord> records = {
      ok("acc1", 3.0, /*firstCorrect=*/5), ok("acc2", 0.5, 5),
      failed("crash", Status::RuntimeError),
      failed("nocompile", Status::CompileError)};
  ScoreOptions opts;
  std::vector<ScoreRow> rows = computeScores(records, opts);
  for (const ScoreRow &r : rows) {
    EXPECT_EQ(r.alpha, 1);
    EXPECT_EQ(r.beta, 1);
    EXPECT_EQ(r.lambda, 0);
    EXPECT_EQ(r.eta, 0);
  }
  for (int t = -10; t <= 0; ++t) {
    expectRel(*rowAt(rows, t).S, 0.1);
    expectRel(rowAt(rows, t).ES, 0.1);
  }
  // t = 1, 2: accuracy tolerated (pi_1 = 1/2), runtime+compile not (1/2).
  for (int t = 1; t <= 2; ++t) {
    expectRel(rowAt(rows, t).gamma, std::pow(0.1, 0.5));
    expectRel(rowAt(rows, t).ES, std::pow(0.1, 0.5));
  }
  // t >= 3: everything tolerated.
  for (int t = 3; t <= 4; ++t) {
    expectRel(rowAt(rows, t).gamma, 1);
    expectRel(rowAt(rows, t).ES, 1);
  }
}

TEST(Score, AllSlower) {
  std::vector<SampleRecord> records = {ok("a", 0.5), ok("b", 0.25)};
  ScoreOptions opts;
  std::vector<ScoreRow> rows = computeScores(records, opts);
  for (const ScoreRow &r : rows) {
    expectRel(r.alpha, std::sqrt(0.125));
    expectRel(r.beta, std::sqrt(0.125));
    EXPECT_EQ(r.lambda, 1);
    EXPECT_EQ(r.eta, 1);
    expectRel(r.ES, std::sqrt(0.125));
    if (r.S)
      expectRel(*r.S, std::sqrt(0.125));
  }
  // p = 1 squares every slowdown: sqrt(0.25 * 0.0625) = 0.125.
  opts.p = 1;
  rows = computeScores(records, opts);
  expectRel(*rowAt(rows, 0).S, 0.125);
  expectRel(rowAt(rows, 3).ES, 0.125);
  expectRel(speedupScorePerSample(records, -7, opts), 0.125);
}

TEST(Score, AllCorrectAndFaster) {
  std::vector<SampleRecord> records = {ok("a", 2.0), ok("b", 8.0)};
  ScoreOptions opts;
  opts.p = 2;
  std::vector<ScoreRow> rows = computeScores(records, opts);
  for (const ScoreRow &r : rows) {
    expectRel(r.alpha, 4);
    EXPECT_EQ(r.beta, 1);
    EXPECT_EQ(r.lambda, 1);
    EXPECT_EQ(r.eta, 0);
    expectRel(r.ES, 4);
    if (r.t <= 0) {
      expectRel(*r.S, 4);
      EXPECT_EQ(r.gamma, 0.1);
    } else {
      EXPECT_EQ(r.gamma, 1); // no errors: b^0
    }
  }
}

TEST(Score, SpeedupOneIsNotASlowdown) {
  std::vector<SampleRecord> records = {ok("a", 1.0), ok("b", 0.5)};
  ScoreOptions opts;
  opts.p = 1;
  std::vector<ScoreRow> rows = computeScores(records, opts);
  const ScoreRow &r = rows.front();
  EXPECT_EQ(r.eta, 0.5);
  expectRel(r.beta, 0.5);
  expectRel(*r.S, std::sqrt(1.0 * 0.25));
}

//===----------------------------------------------------------------------===//
// Hand-computed examples
//===----------------------------------------------------------------------===//

/// A: ok 2.0 correct everywhere; B: ok 0.5 correct from t = -3; C: ok 4.0
/// never correct (accuracy error); D: runtime crash; E: compile failure.
std::vector<SampleRecord> handExample() {
  return {ok("A", 2.0), ok("B", 0.5, -3), ok("C", 4.0, 5),
          failed("D", Status::RuntimeError), failed("E", Status::CompileError)};
}

TEST(Score, HandExampleS) {
  ScoreOptions opts; // p = 0, b = 0.1
  std::vector<ScoreRow> rows = computeScores(handExample(), opts);
  // t = -5: only A correct. S = (2 * 0.1^4)^(1/5).
  const ScoreRow &r5 = rowAt(rows, -5);
  expectRel(r5.alpha, 2);
  EXPECT_EQ(r5.beta, 1);
  expectRel(r5.lambda, 0.2);
  EXPECT_EQ(r5.eta, 0);
  expectRel(*r5.S, std::pow(2 * 1e-4, 0.2));
  // t = 0: A and B correct. S = (2 * 0.5 * 0.1^3)^(1/5) = 10^(-3/5).
  const ScoreRow &r0 = rowAt(rows, 0);
  expectRel(r0.alpha, 1);
  expectRel(r0.beta, 0.5);
  expectRel(r0.lambda, 0.4);
  expectRel(r0.eta, 0.5);
  expectRel(*r0.S, std::pow(10.0, -0.6));
  expectRel(*r0.S, 0.2511886431509580);
  // p = 1: B counts as 0.5^2. S = (2 * 0.25 * 1e-3)^(1/5).
  opts.p = 1;
  rows = computeScores(handExample(), opts);
  expectRel(*rowAt(rows, 0).S, std::pow(5e-4, 0.2));
  // b = 0.5: S = (2 * 0.5 * 0.5^3)^(1/5) = 0.5^(3/5).
  opts.p = 0;
  opts.b = 0.5;
  rows = computeScores(handExample(), opts);
  expectRel(*rowAt(rows, 0).S, std::pow(0.5, 0.6));
}

TEST(Score, HandExampleES) {
  ScoreOptions opts;
  std::vector<ScoreRow> rows = computeScores(handExample(), opts);
  // Frozen at t = 1 (no correct_at["1"]: falls back to t = 0): A, B correct;
  // errors C (accuracy), D (runtime), E (compile): pi = 1/3 each.
  // t = 1, 2: C tolerated -> 1; D, E -> b. ES = (2 * 0.5 * 1 * 0.1^2)^(1/5).
  for (int t = 1; t <= 2; ++t) {
    const ScoreRow &r = rowAt(rows, t);
    expectRel(r.gamma, std::pow(0.1, 2.0 / 3.0));
    expectRel(r.lambda, 0.4);
    expectRel(r.ES, std::pow(0.01, 0.2));
    expectRel(r.ES, 0.3981071705534972);
  }
  // t = 3, 4: all tolerated. ES = (2 * 0.5)^(1/5) = 1.
  for (int t = 3; t <= 4; ++t) {
    EXPECT_EQ(rowAt(rows, t).gamma, 1);
    expectRel(rowAt(rows, t).ES, 1);
  }
  // t <= 0: ES = S.
  expectRel(rowAt(rows, -5).ES, std::pow(2 * 1e-4, 0.2));
}

TEST(Score, FreezeUsesCorrectAtOneWhenRecorded) {
  // C fails at every t <= 0 but passes at t = 1 (GraphNet's frozen state).
  std::vector<SampleRecord> records = handExample();
  records[2].correctAt[1] = true;
  ScoreOptions opts;
  std::vector<ScoreRow> rows = computeScores(records, opts);
  // t <= 0 unchanged.
  expectRel(*rowAt(rows, 0).S, std::pow(10.0, -0.6));
  // t = 1: A, B, C correct (speedups 2, 0.5, 4), D, E -> b.
  const ScoreRow &r1 = rowAt(rows, 1);
  expectRel(r1.lambda, 0.6);
  expectRel(r1.alpha, std::cbrt(4.0));
  expectRel(r1.gamma, 0.1); // both remaining errors untolerated
  expectRel(r1.ES, std::pow(2 * 0.5 * 4 * 0.01, 0.2));
  // t = 3: D, E tolerated: ES = (2 * 0.5 * 4)^(1/5).
  expectRel(rowAt(rows, 3).ES, std::pow(4.0, 0.2));
  // correct_at["1"] = false overrides a true at 0.
  records = {ok("a", 2.0)};
  records[0].correctAt[1] = false;
  rows = computeScores(records, opts);
  expectRel(*rowAt(rows, 0).S, 2);
  expectRel(rowAt(rows, 1).ES, 1); // accuracy error tolerated from t = 1
  EXPECT_EQ(rowAt(rows, 1).lambda, 0);
}

TEST(Score, EagerErrors) {
  std::vector<SampleRecord> records = {ok("a", 4.0),
                                       failed("e", Status::EagerError)};
  ScoreOptions opts;
  std::vector<ScoreRow> rows = computeScores(records, opts);
  // Default: never tolerated (GraphNet is_error_tolerated).
  expectRel(rowAt(rows, 4).ES, std::sqrt(4 * 0.1));
  expectRel(rowAt(rows, 4).gamma, 0.1);
  opts.tolerateEagerErrorsFromT3 = true;
  rows = computeScores(records, opts);
  expectRel(rowAt(rows, 2).ES, std::sqrt(4 * 0.1));
  expectRel(rowAt(rows, 3).ES, 2);
}

TEST(Score, OkWithoutSpeedupIsARuntimeCrash) {
  std::vector<SampleRecord> records = {
      ok("a", 4.0), ok("nospeed", std::nullopt), ok("nan", std::nan("")),
      ok("neg", -1.0)};
  EXPECT_EQ(classify(records[1], 0), ErrorClass::Runtime);
  EXPECT_EQ(classify(records[2], 0), ErrorClass::Runtime);
  EXPECT_EQ(classify(records[3], 0), ErrorClass::Runtime);
  // Incorrect outputs are an accuracy error even without a speedup.
  EXPECT_EQ(classify(ok("x", std::nullopt, 5), 0), ErrorClass::Accuracy);
  ScoreOptions opts;
  std::vector<ScoreRow> rows = computeScores(records, opts);
  expectRel(*rowAt(rows, 0).S, std::pow(4 * 1e-3, 0.25));
  expectRel(rowAt(rows, 2).ES, std::pow(4 * 1e-3, 0.25));
  expectRel(rowAt(rows, 3).ES, std::pow(4.0, 0.25));
}

TEST(Score, IsCorrectAt) {
  SampleRecord r;
  r.correctAt = {{-2, false}, {0, true}};
  EXPECT_FALSE(isCorrectAt(r, -3)); // missing, t <= 0: incorrect
  EXPECT_FALSE(isCorrectAt(r, -2));
  EXPECT_FALSE(isCorrectAt(r, -1));
  EXPECT_TRUE(isCorrectAt(r, 0));
  EXPECT_TRUE(isCorrectAt(r, 1)); // falls back to 0
  EXPECT_TRUE(isCorrectAt(r, 4));
  r.correctAt[2] = false;
  EXPECT_TRUE(isCorrectAt(r, 1));
  EXPECT_FALSE(isCorrectAt(r, 3));
  EXPECT_EQ(toleratedFrom(ErrorClass::Accuracy, {}), 1);
  EXPECT_EQ(toleratedFrom(ErrorClass::Runtime, {}), 3);
  EXPECT_EQ(toleratedFrom(ErrorClass::Compile, {}), 3);
}

//===----------------------------------------------------------------------===//
// readResults
//===----------------------------------------------------------------------===//

TEST(ScoreIO, ReadsGoodFile) {
  std::string path = writeTemp(
      "good.jsonl",
      R"({"sample": "a/b", "status": "ok", "speedup": 1.5, "correct_at": {"-10": false, "-1": true, "0": true}}

{"sample": "c", "status": "runtime_error", "speedup": null, "correct_at": {}, "extra": [1, 2]}
{"sample": "d", "status": "compile_error"}
  {"sample": "e", "status": "eager_error", "speedup": 3, "correct_at": {"1": true}}
{"sample": "f", "status": "ok", "speedup": null, "correct_at": {"0": true}}
)");
  std::vector<SampleRecord> records;
  std::string error;
  ASSERT_TRUE(readResults(path, records, error)) << error;
  ASSERT_EQ(records.size(), 5u);
  EXPECT_EQ(records[0].sample, "a/b");
  EXPECT_EQ(records[0].status, Status::Ok);
  ASSERT_TRUE(records[0].speedup.has_value());
  EXPECT_EQ(*records[0].speedup, 1.5);
  EXPECT_EQ(records[0].correctAt.size(), 3u);
  EXPECT_FALSE(records[0].correctAt.at(-10));
  EXPECT_TRUE(records[0].correctAt.at(-1));
  EXPECT_TRUE(records[0].correctAt.at(0));
  EXPECT_EQ(records[1].status, Status::RuntimeError);
  EXPECT_FALSE(records[1].speedup.has_value());
  EXPECT_EQ(records[2].status, Status::CompileError);
  EXPECT_TRUE(records[2].correctAt.empty());
  EXPECT_EQ(records[3].status, Status::EagerError);
  EXPECT_EQ(*records[3].speedup, 3.0);
  EXPECT_TRUE(records[3].correctAt.at(1));
  EXPECT_FALSE(records[4].speedup.has_value());
  std::remove(path.c_str());

  // An empty file is an empty, valid result set.
  path = writeTemp("empty.jsonl", "");
  records.clear();
  EXPECT_TRUE(readResults(path, records, error));
  EXPECT_TRUE(records.empty());
  std::remove(path.c_str());
}

TEST(ScoreIO, RoundTripScores) {
  std::string path = writeTemp(
      "hand.jsonl",
      R"({"sample":"A","status":"ok","speedup":2.0,"correct_at":{"-10":true,"-5":true,"0":true}}
{"sample":"B","status":"ok","speedup":0.5,"correct_at":{"-10":false,"-5":false,"-3":true,"0":true}}
{"sample":"C","status":"ok","speedup":4.0,"correct_at":{"-10":false,"-5":false,"0":false}}
{"sample":"D","status":"runtime_error","speedup":null,"correct_at":{}}
{"sample":"E","status":"compile_error","speedup":null}
)");
  std::vector<SampleRecord> records;
  std::string error;
  ASSERT_TRUE(readResults(path, records, error)) << error;
  std::vector<ScoreRow> rows = computeScores(records, ScoreOptions());
  expectRel(*rowAt(rows, 0).S, std::pow(10.0, -0.6));
  expectRel(*rowAt(rows, -5).S, std::pow(2 * 1e-4, 0.2));
  expectRel(rowAt(rows, 1).ES, std::pow(0.01, 0.2));
  std::remove(path.c_str());
}

struct BadCase {
  const char *text;
  const char *error; // after "<path>:"
};

TEST(ScoreIO, RejectsMalformedFiles) {
  const BadCase cases[] = {
      {"{\"sample\":\"a\",\"status\":\"ok\"}\n\n{not json}\n",
       "3: invalid JSON"},
      {"{\"sample\":\"a\",\"status\":\"ok\"", "1: invalid JSON"},
      {"{\"sample\":\"a\"}\n", "1: missing key 'status'"},
      {"{\"status\":\"ok\"}\n", "1: missing key 'sample'"},
      {"[1, 2]\n", "1: expected a JSON object"},
      {"{\"sample\":1,\"status\":\"ok\"}\n",
       "1: key 'sample' must be a string"},
      {"{\"sample\":\"a\",\"status\":3}\n", "1: key 'status' must be a string"},
      {"{\"sample\":\"a\",\"status\":\"fine\"}\n",
       "1: invalid status 'fine' (expected ok, eager_error, runtime_error or "
       "compile_error)"},
      {"{\"sample\":\"a\",\"status\":\"ok\",\"speedup\":\"2\"}\n",
       "1: key 'speedup' must be a number or null"},
      {"{\"sample\":\"a\",\"status\":\"ok\",\"correct_at\":[true]}\n",
       "1: key 'correct_at' must be an object"},
      {"{\"sample\":\"a\",\"status\":\"ok\",\"correct_at\":{\"zero\":true}}\n",
       "1: correct_at key 'zero' is not an integer tolerance in [-10, 4]"},
      {"{\"sample\":\"a\",\"status\":\"ok\",\"correct_at\":{\"-11\":true}}\n",
       "1: correct_at key '-11' is not an integer tolerance in [-10, 4]"},
      {"{\"sample\":\"a\",\"status\":\"ok\",\"correct_at\":{\"0\":1}}\n",
       "1: correct_at['0'] must be a boolean"},
  };
  int i = 0;
  for (const BadCase &c : cases) {
    std::string path =
        writeTemp("bad" + std::to_string(i++) + ".jsonl", c.text);
    std::vector<SampleRecord> records;
    std::string error;
    EXPECT_FALSE(readResults(path, records, error)) << c.text;
    EXPECT_EQ(error, path + ":" + c.error);
    std::remove(path.c_str());
  }
  // The documented message format, via the in-memory entry point.
  std::vector<SampleRecord> records;
  std::string error;
  EXPECT_FALSE(parseResults("results.jsonl",
                            "{\"sample\":\"a\",\"status\":\"ok\"}\n"
                            "{\"sample\":\"b\",\"status\":\"ok\"}\n"
                            "oops\n",
                            records, error));
  EXPECT_EQ(error, "results.jsonl:3: invalid JSON");
  EXPECT_EQ(records.size(), 2u);
  EXPECT_FALSE(readResults(tempPath("does_not_exist.jsonl"), records, error));
  EXPECT_EQ(error, tempPath("does_not_exist.jsonl") + ": cannot open file");
}

//===----------------------------------------------------------------------===//
// formatScores
//===----------------------------------------------------------------------===//

TEST(ScoreFormat, JsonParsesAndHasTheKeys) {
  std::vector<ScoreRow> rows = computeScores(handExample(), ScoreOptions());
  std::string text = formatScores(rows, "json");
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << text;
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const nlohmann::json &o = j[i];
    ASSERT_TRUE(o.is_object());
    EXPECT_EQ(o.size(), 8u);
    for (const char *key :
         {"t", "alpha", "beta", "lambda", "eta", "S", "gamma", "ES"})
      EXPECT_TRUE(o.contains(key)) << key;
    EXPECT_EQ(o["t"].get<int>(), rows[i].t);
    EXPECT_DOUBLE_EQ(o["alpha"].get<double>(), rows[i].alpha);
    EXPECT_DOUBLE_EQ(o["beta"].get<double>(), rows[i].beta);
    EXPECT_DOUBLE_EQ(o["lambda"].get<double>(), rows[i].lambda);
    EXPECT_DOUBLE_EQ(o["eta"].get<double>(), rows[i].eta);
    EXPECT_DOUBLE_EQ(o["gamma"].get<double>(), rows[i].gamma);
    EXPECT_DOUBLE_EQ(o["ES"].get<double>(), rows[i].ES);
    if (rows[i].t <= 0) {
      ASSERT_TRUE(o["S"].is_number());
      EXPECT_DOUBLE_EQ(o["S"].get<double>(), *rows[i].S);
    } else {
      EXPECT_TRUE(o["S"].is_null());
    }
  }
  // Empty row list: an empty array.
  j = nlohmann::json::parse(formatScores({}, "json"), nullptr, false);
  ASSERT_TRUE(j.is_array());
  EXPECT_TRUE(j.empty());
}

TEST(ScoreFormat, TableAndMarkdown) {
  std::vector<ScoreRow> rows = computeScores(handExample(), ScoreOptions());
  auto countLines = [](const std::string &s) {
    return static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
  };
  std::string table = formatScores(rows, "table");
  EXPECT_EQ(countLines(table), rows.size() + 1);
  EXPECT_NE(table.find("alpha"), std::string::npos);
  EXPECT_NE(table.find("gamma"), std::string::npos);
  EXPECT_NE(table.find("0.2512"), std::string::npos); // S(0)
  EXPECT_NE(table.find("0.3981"), std::string::npos); // ES(1)
  std::string md = formatScores(rows, "markdown");
  EXPECT_EQ(countLines(md), rows.size() + 2);
  EXPECT_EQ(
      md.rfind("| t | alpha | beta | lambda | eta | S | gamma | ES |\n", 0),
      0u);
  EXPECT_NE(md.find("| 1 |"), std::string::npos);
  EXPECT_NE(md.find("| - |"), std::string::npos); // S unset for t > 0
  EXPECT_EQ(formatScores(rows, "yaml"), "");
  EXPECT_TRUE(isScoreFormat("table"));
  EXPECT_TRUE(isScoreFormat("json"));
  EXPECT_TRUE(isScoreFormat("markdown"));
  EXPECT_FALSE(isScoreFormat("csv"));
}

TEST(ScoreStatus, Names) {
  for (Status s : {Status::Ok, Status::EagerError, Status::RuntimeError,
                   Status::CompileError}) {
    Status back;
    ASSERT_TRUE(parseStatus(statusName(s), back));
    EXPECT_EQ(back, s);
  }
  Status dummy;
  EXPECT_FALSE(parseStatus("OK", dummy));
}

// GraphNet's (numpy's) dtype names, in its logs and at the Python boundary:
// uint8 was written "uinti8" (gn's own short name is "ui8").
TEST(Score, GraphNetDtypeNames) {
  using mlir::gn::interp::DType;
  EXPECT_EQ(graphNetDtypeName(DType::U8), "uint8");
  EXPECT_EQ(graphNetDtypeName(DType::I8), "int8");
  EXPECT_EQ(graphNetDtypeName(DType::I64), "int64");
  EXPECT_EQ(graphNetDtypeName(DType::I1), "bool");
  EXPECT_EQ(graphNetDtypeName(DType::BF16), "bfloat16");
}
