import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule, FieldEncryptionModule, OperatorsModule, PlatformModule, type ServiceRuntime } from '#platform';
import { AuthModule } from './auth/auth.module.js';
import { ClaimReferenceModule } from './claim-reference/claim-reference.module.js';
import { ClaimsModule } from './claims/claims.module.js';
import type { CoverageClaimsConfig } from './config/coverage-claims.config.js';
import { CustomersModule } from './customers/customers.module.js';
import { FilesModule } from './files/files.module.js';
import { CoverageAnalysisModule } from './coverage-analysis/coverage-analysis.module.js';
import { COVERAGE_CLAIMS_DATABASE } from './database/database.js';
import { CheckupsModule } from './medical/checkups/checkups.module.js';
import { NhisAuthModule } from './medical/nhis/nhis-auth.module.js';
import { MedicalAnalysisModule } from './medical/analysis/medical-analysis.module.js';
import { OrganisationsModule } from './organisations/organisations.module.js';
import { smsModules } from './integrations/sms/sms.module.js';
import { TermsModule } from './terms/terms.module.js';
import { UsersModule } from './users/users.module.js';
import { VerificationsModule } from './verifications/verifications.module.js';

@Module({})
export class AppModule {
  static forRoot(runtime: ServiceRuntime<CoverageClaimsConfig>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(runtime),
        FieldEncryptionModule,
        DatabaseModule.forRoot(COVERAGE_CLAIMS_DATABASE),
        AuthModule,
        OrganisationsModule,
        UsersModule,
        TermsModule,
        CustomersModule,
        ...smsModules(runtime.config),
        VerificationsModule,
        CoverageAnalysisModule,
        NhisAuthModule,
        CheckupsModule,
        MedicalAnalysisModule,
        ClaimReferenceModule,
        FilesModule,
        ClaimsModule,
        // Last: its operations come after the service's own in the OpenAPI document.
        OperatorsModule.forRoot({ service: runtime.service }),
      ],
    };
  }
}
