// The house Lambda construct: every CardCrew function is an AppFunction, so runtime (Node 22, arm64), bundling
// (local esbuild, ESM, source maps), log retention, tracing and Powertools settings are decided once, here.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type ICommandHooks, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** The repository root: handler entries in functions/routes.ts are relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** ESM output still meets CommonJS dependencies that call `require`; this gives them one. */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export interface AppFunctionProps {
  /** Handler source file relative to the repository root, as named in `handlerEntries` / `jobEntries`. */
  readonly entry: string;
  /** Short name of the function's concern; becomes `POWERTOOLS_SERVICE_NAME` as `cardcrew-{serviceName}`. */
  readonly serviceName: string;
  /** Human-readable description shown in the Lambda console. @default - none */
  readonly description?: string;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default Duration.seconds(10) */
  readonly timeout?: Duration;
  /** Powertools `LOG_LEVEL`. @default 'INFO' */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** @default logs.RetentionDays.ONE_MONTH */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Native npm packages installed into the asset's node_modules for linux-arm64 instead of being bundled.
   * `sharp` ships a prebuilt libvips per platform: esbuild cannot bundle it, and a copy installed on the build
   * machine would be the wrong architecture, so `npm ci` runs in the asset folder with
   * `npm_config_os=linux npm_config_cpu=arm64 npm_config_libc=glibc` (the packages come from package-lock.json).
   * Bundling therefore needs the npm registry (or a warm npm cache) when the function is synthesized.
   * @default ['sharp']
   */
  readonly nativeModules?: string[];
  /**
   * Files copied into the asset after bundling (an `afterBundling` command hook): `from` relative to the repository
   * root, `into` a folder relative to the asset root (beside the handler). The link preview's fonts use this.
   * @default - none
   */
  readonly bundledFiles?: readonly { from: string; into: string }[];
  /** Extra environment variables. @default - none beyond the house ones */
  readonly environment?: Record<string, string>;
  /** Dead-letter queue for failed asynchronous invocations. @default - none */
  readonly deadLetterQueue?: sqs.IQueue;
  /** Retries of failed asynchronous invocations (0–2). @default 2 (the Lambda default) */
  readonly retryAttempts?: number;
}

/** The command hooks that copy `files` into the bundled asset (local bundling: the commands run on the build machine). */
export function bundledFileCommands(files: readonly { from: string; into: string }[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) =>
      files.flatMap(({ from, into }) => [`mkdir -p "${join(outputDir, into)}"`, `cp "${join(inputDir, from)}" "${join(outputDir, into)}/"`]),
  };
}

export class AppFunction extends Construct implements iam.IGrantable {
  readonly function: NodejsFunction;
  readonly logGroup: logs.LogGroup;
  readonly role: iam.Role;
  readonly grantPrincipal: iam.IPrincipal;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'LogGroup', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An explicit role with exactly the log-writing rights, instead of the AWS-managed AWSLambdaBasicExecutionRole.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `CardCrew ${props.serviceName} function`,
    });
    this.logGroup.grantWrite(this.role);
    this.grantPrincipal = this.role;

    const entry = join(REPO_ROOT, props.entry);
    const nativeModules = props.nativeModules ?? ['sharp'];
    const bundlingSkipped = !Stack.of(this).bundlingRequired;

    this.function = new NodejsFunction(this, 'Function', {
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      deadLetterQueue: props.deadLetterQueue,
      retryAttempts: props.retryAttempts,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: `cardcrew-${props.serviceName}`,
        POWERTOOLS_METRICS_NAMESPACE: 'CardCrew',
        LOG_LEVEL: props.logLevel ?? 'INFO',
        ...props.environment,
      },
      // When a stack is synthesized without bundling (tests, `-c aws:cdk:bundling-stacks=[]`, or deploying a
      // different stack) the handler file may not exist yet; a placeholder keeps synth working. A stack that
      // is deployed is always bundled, and then a missing entry fails synth with NodejsFunction's own error.
      ...(bundlingSkipped && !existsSync(entry)
        ? {
            code: lambda.Code.fromInline('// placeholder: bundling was skipped and the handler does not exist yet'),
            handler: 'index.handler',
          }
        : { entry, handler: 'handler' }),
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        // Libraries (React on the card page) drop their development builds and checks.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        // esbuild reads the path aliases (@shared/*, @functions/*) and the JSX setting from here.
        tsconfig: join(REPO_ROOT, 'tsconfig.json'),
        // The Node 22 runtime ships AWS SDK v3; bundling it again would only grow cold starts.
        externalModules: ['@aws-sdk/*', '@smithy/*'],
        nodeModules: nativeModules.length > 0 ? nativeModules : undefined,
        environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
        commandHooks: props.bundledFiles?.length ? bundledFileCommands(props.bundledFiles) : undefined,
      },
    });
    if (bundlingSkipped && !existsSync(entry)) {
      Annotations.of(this).addInfo(
        `Handler ${props.entry} does not exist yet; synthesized with placeholder code (bundling skipped).`,
      );
    }

    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level permissions.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'Node.js 22 is the house runtime (DESIGN §4/CONVENTIONS): it matches the toolchain the code is built and tested with; newer runtimes are adopted deliberately, not implicitly.',
      },
    );
  }

  /** Sets an environment variable; callers grant the matching permission in the same place. */
  addEnvironment(key: string, value: string): this {
    this.function.addEnvironment(key, value);
    return this;
  }
}
