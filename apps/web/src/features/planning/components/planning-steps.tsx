import { Stepper } from '@mantine/core';
import { PLANNING_PHASE_LABELS } from '@vendaval/core/schemas/planning';

const STEP_PATHS = [
  '/planning/register',
  '/planning/register/steptwo',
  '/planning/register/stepthree',
  '/planning/register/stepfour',
];
const STEP_PHASES = ['PrePlanning', 'Planning', 'PlanningMedias', 'Planning5w2h'] as const;

/** The path of register step 1–4. */
export const stepPath = (step: number) => STEP_PATHS[step - 1] ?? STEP_PATHS[0];

/** The step a register path shows: 1 to 4. */
export const stepOfPath = (pathname: string) => {
  const index = STEP_PATHS.indexOf(pathname.replace(/\/$/, ''));
  return index < 0 ? 1 : index + 1;
};

/** The four register steps, one per phase before submission. */
export function PlanningStepper({ active }: { active: number }) {
  return (
    <Stepper active={active - 1} size="sm" allowNextStepsSelect={false} aria-label="Etapas do planejamento">
      {STEP_PHASES.map((phase, i) => (
        <Stepper.Step key={phase} label={`Etapa ${i + 1}`} description={PLANNING_PHASE_LABELS[phase]} />
      ))}
    </Stepper>
  );
}
