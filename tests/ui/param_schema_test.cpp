// Parameter schemas, the registry, and parameter sets through the generated form and QSettings.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <stdexcept>

#include "pt/plugins/algorithm_registry.hpp"
#include "pt/plugins/detector_param_schema.hpp"
#include "pt/ui/param_form.hpp"
#include "pt/ui/settings_values.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"

namespace {

class NullPlugin final : public pt::plugins::AlgorithmPlugin {
 public:
  std::string id() const override { return "null"; }
  std::string display_name() const override { return "Null"; }
  pt::plugins::ParamSchema schema() const override { return {}; }
  pt::plugins::AlgorithmOutput run(pt::CViewU8 /*frame*/, const pt::plugins::ParamSet& /*params*/) override { return {}; }
};

}  // namespace

TEST_CASE("detector parameters from the schema's defaults are the detector's defaults") {
  const pt::DetectorParams from_schema =
      pt::plugins::detector_params_from(pt::plugins::default_params(pt::plugins::detector_param_schema()));
  const pt::DetectorParams d;
  CHECK(from_schema.algorithm == d.algorithm);
  CHECK(from_schema.fit == d.fit);
  CHECK(from_schema.window.enabled == d.window.enabled);
  CHECK(from_schema.reflections.threshold == d.reflections.threshold);
  CHECK(from_schema.reflections.kernel_size == d.reflections.kernel_size);
  CHECK(from_schema.reflections.fill == d.reflections.fill);
  CHECK(from_schema.starburst.rays == d.starburst.rays);
  CHECK(from_schema.starburst.edge_threshold == d.starburst.edge_threshold);
  CHECK(from_schema.min_confidence == d.min_confidence);
}

TEST_CASE("detector parameters map each setting, and unknown keys are refused") {
  pt::plugins::ParamSet p;
  p["algorithm"] = std::int64_t{1};
  p["fit"] = std::int64_t{0};
  p["window"] = true;
  p["rays"] = std::int64_t{36};
  p["reflection_fill"] = false;
  const pt::DetectorParams d = pt::plugins::detector_params_from(p);
  CHECK(d.algorithm == pt::Algorithm::ThresholdLabeling);
  CHECK(d.fit == pt::FitModel::Circle);
  CHECK(d.window.enabled);
  CHECK(d.starburst.rays == 36);
  CHECK_FALSE(d.reflections.fill);
  CHECK_THROWS_AS(pt::plugins::int_param(pt::plugins::detector_param_schema(), p, "nonsense"), std::out_of_range);
}

TEST_CASE("the registry keeps order, creates by id and refuses duplicates") {
  pt::plugins::AlgorithmRegistry registry;
  registry.add("null", [] { return std::make_unique<NullPlugin>(); });
  CHECK_THROWS_AS(registry.add("null", [] { return std::make_unique<NullPlugin>(); }), std::invalid_argument);
  CHECK(registry.ids() == std::vector<std::string>{"null"});
  CHECK(registry.create("null")->display_name() == "Null");
  CHECK_THROWS_AS(registry.create("other"), std::out_of_range);
}

TEST_CASE("the generated form edits, resets and stores a parameter set") {
  pt::test::qt_app();
  pt::ui::ParamForm form(pt::plugins::detector_param_schema());
  QSignalSpy changed(&form, &pt::ui::ParamForm::changed);
  auto* confidence = form.findChild<QDoubleSpinBox*>(QStringLiteral("min_confidence"));
  REQUIRE(confidence != nullptr);
  CHECK(confidence->maximum() == 1.0);
  CHECK_FALSE(confidence->toolTip().isEmpty());
  confidence->setValue(0.75);
  CHECK(changed.count() == 1);
  CHECK(std::get<double>(form.values().at("min_confidence")) == 0.75);

  QSettings settings;
  settings.clear();
  pt::ui::write_params(settings, QStringLiteral("detector"), form.values());
  form.findChild<QPushButton*>(QStringLiteral("reset"))->click();
  CHECK(std::get<double>(form.values().at("min_confidence")) == Approx(0.5));
  form.set_values(pt::ui::read_params(settings, QStringLiteral("detector"), pt::plugins::detector_param_schema()));
  CHECK(std::get<double>(form.values().at("min_confidence")) == 0.75);
}
