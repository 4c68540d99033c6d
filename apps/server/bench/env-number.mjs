/** A positive number from the environment (a bench knob), or the default; anything else stops the run. */
export function num(name, dflt) {
  const v = process.env[name] ? Number(process.env[name]) : dflt;
  if (!Number.isFinite(v) || v <= 0)
    throw new Error(`${name} must be a positive number, got ${process.env[name]}`);
  return v;
}
